import {mkdirSync, writeFileSync} from 'node:fs';
import {join, resolve} from 'node:path';

import {playScene, SCENES, setUpStage} from './scenes.js';
import {screenSvg} from './svg.js';

// npm run screenshots (scripts/screenshots.mjs builds and runs this): every scene of scenes.ts, drawn by berth
// in a real terminal, written to docs/screens/. Arguments: file names, to make only those.
const out = resolve(import.meta.dirname, '../../docs/screens');
mkdirSync(out, {recursive: true});
const only = process.argv.slice(2);
const stage = await setUpStage();
try {
  for (const scene of SCENES.filter(s => only.length === 0 || only.includes(s.file))) {
    const svg = await playScene(stage, scene, async t => {
      await t.screen();
      return screenSvg(t.term, scene.title);
    });
    writeFileSync(join(out, scene.file), svg);
    console.log(`docs/screens/${scene.file}`);
  }
} finally {
  await stage.close();
}
