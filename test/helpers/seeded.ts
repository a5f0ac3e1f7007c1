// One seeded PRNG for every random test; the layout package's tests own it (they were its first users).
export {seeded} from '../../packages/flex/test/seeded.js';
