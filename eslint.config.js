// typescript-eslint's type-aware recommended rules and React's hooks rules; formatting is prettier's alone.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {ignores: ['dist/', 'node_modules/', '.testbed/', 'patches/', 'test/fixtures/']},
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: globals.node,
      parserOptions: {
        projectService: {allowDefaultProject: ['*.js', '*.mjs', '*.cjs']},
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: {'react-hooks': reactHooks},
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Off: a terminal app matches control characters on purpose. Every such regex here (the sanitizers in
      // source/text/, the command log, exec's output cleaning, tests and benches stripping ANSI) exists to find
      // ESC, BEL and the other C0/C1 codes; the rule guards against them appearing by accident.
      'no-control-regex': 'off',
      // A view adds its actions to the store's ActionMap by declaration merging: an interface that only extends the
      // kit's actions is that merge, not an empty type.
      '@typescript-eslint/no-empty-object-type': ['error', {allowInterfaces: 'with-single-extends'}],
      '@typescript-eslint/no-unused-vars': [
        'error',
        {argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none'},
      ],
    },
  },
  {
    // The entry point is CommonJS (bin/package.json; Node starts it sooner than a module): require is how it imports.
    files: ['bin/**/*.js'],
    languageOptions: {sourceType: 'commonjs'},
    rules: {'@typescript-eslint/no-require-imports': 'off'},
  },
  {
    // Off in tests: a fake that stands in for an async API (dockerode, the registry client, a probe) is written
    // `async` so it returns a promise and turns a throw into a rejection, as the real one does, though it awaits
    // nothing. Source code keeps the rule.
    files: ['test/**'],
    rules: {'@typescript-eslint/require-await': 'off'},
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
