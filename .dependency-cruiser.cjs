// The import rules of berth's source (npm run deps; npm test and npm run check run it). docs/architecture.md
// "Layers" says why each holds. A tab view's folder is source/views/<view>/; the kit (source/views/kit/) and the
// files at the top of source/views/ are what views share.
const VIEW = '^source/views/(?!kit/)([^/]+)/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle: one of the modules must move, or what both need must move below them.',
      from: {},
      // Type-only and dynamic imports count too: a circle of types still ties two modules' designs together.
      to: {circular: true},
    },
    {
      name: 'no-view-imports-another-view',
      severity: 'error',
      comment: 'A view never imports another view: what two views share lives in views/kit, ui/ or engine/.',
      from: {path: VIEW},
      to: {path: '^source/views/(?!kit/)[^/]+/', pathNot: ['^source/views/(?!kit/)$1/']},
    },
    {
      name: 'no-kit-imports-a-view',
      severity: 'error',
      comment: 'The list kit serves every view, so it never imports one.',
      from: {path: '^source/views/kit/'},
      to: {path: '^source/views/(?!kit/)[^/]+/'},
    },
    {
      name: 'views-never-import-the-shell',
      severity: 'error',
      comment: 'ui/ (the shell) imports the views, never the other way round.',
      from: {path: '^source/views/'},
      to: {path: '^source/(ui|cli)/|^source/main\\.ts$'},
    },
    {
      name: 'lower-layers-never-import-views-or-ui',
      severity: 'error',
      comment: 'engine/, registry/, text/, theme/, clipboard/ and store/ sit below the views and the shell.',
      from: {path: '^source/(engine|registry|text|theme|clipboard|store)/'},
      to: {path: '^source/(views|ui|cli)/|^source/main\\.ts$'},
    },
    {
      name: 'flex-package-stands-alone',
      severity: 'error',
      comment: 'packages/flex is a package of its own: it imports nothing of berth.',
      from: {path: '^packages/flex/'},
      to: {path: '^(source|test|bench|scripts)/'},
    },
  ],
  options: {
    doNotFollow: {path: 'node_modules'},
    exclude: {path: '^(node_modules|dist)/'},
    tsPreCompilationDeps: true,
    tsConfig: {fileName: 'tsconfig.json'},
  },
};
