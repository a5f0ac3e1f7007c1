import {createRequire} from 'node:module';

// esbuild gives every ES module that imports a CommonJS module its own copy of that module's exports (__toESM: a
// getter per export, defined when the importing module starts): React was copied 38 times, its JSX runtime 41 and
// Node's `process` object (79 properties) 12, ~6 ms of every start on this kind of machine, and every hook or JSX
// call went through a getter. Imports of them resolve instead to one ES module each, which imports the CommonJS
// module once and exports its members as plain bindings. Named exports are read from the module at build time; an
// import of a name it lacks fails the build, as it would with the module itself. `require()` calls are untouched.
const require = createRequire(new URL('../package.json', import.meta.url));

const plainExports = (names, from) =>
  `import m from ${JSON.stringify(from)};\nexport default m;\nexport const {${names.filter(name => /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default').join(', ')}} = m;\n`;

const onceModules = {
  react: () => plainExports(Object.keys(require('react')), require.resolve('react')),
  'react/jsx-runtime': () =>
    plainExports(Object.keys(require('react/jsx-runtime')), require.resolve('react/jsx-runtime')),
  // Node's own object, not a copy: properties such as exitCode are read and written on it; its functions are
  // called on it.
  process: () => 'export default process;\nexport const {env} = process;\nexport const cwd = () => process.cwd();\n',
};

export const importedOnce = {
  name: 'imported-once',
  setup(b) {
    b.onResolve({filter: /^(react|react\/jsx-runtime|(node:)?process)$/}, args =>
      args.kind === 'import-statement' && args.namespace === 'file'
        ? {path: args.path.replace(/^node:/, ''), namespace: 'imported-once'}
        : undefined,
    );
    b.onLoad({filter: /.*/, namespace: 'imported-once'}, args => ({
      contents: onceModules[args.path](),
      loader: 'js',
      resolveDir: new URL('..', import.meta.url).pathname,
    }));
  },
};
