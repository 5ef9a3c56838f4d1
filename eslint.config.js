import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';

export default tseslint.config(
  { ignores: ['dist', 'storybook-static', 'node_modules', 'data', '.tmp', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', 'renderer/**/*.{ts,tsx}', 'stories/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['scripts/**/*.mjs', '.ci/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
  // The layers of docs/architecture.md: what may import what. `scripts/` holds command entry
  // points only; nothing imports it.
  {
    files: ['**/*.{ts,tsx,mjs}'],
    ignores: ['scripts/**', 'tests/**'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './renderer/schema', from: './renderer', except: ['./schema'], message: 'renderer/schema is the schema language: it imports nothing but itself.' },
            { target: './renderer/schema', from: ['./src', './server', './stories', './scripts'], message: 'renderer/schema imports nothing but itself.' },
            { target: './renderer', from: ['./src', './server', './stories', './scripts'], message: 'The renderer imports only renderer/ (and its schema layer).' },
            { target: ['./renderer/!(schema-files|build)/**', './renderer/*.{ts,tsx}'], from: ['./renderer/schema-files', './renderer/build'], message: 'Node-only code (renderer/schema-files, renderer/build) stays out of the browser.' },
            { target: './src', from: ['./server', './stories', './scripts', './renderer/schema-files', './renderer/build'], message: 'The shell imports the renderer and the schema layer, never the server.' },
            { target: './server', from: './renderer', except: ['./schema', './schema-files'], message: 'The server takes only the schema layer (renderer/schema, renderer/schema-files) from the renderer side.' },
            { target: './server', from: ['./src', './stories', './scripts'], message: 'The server takes only the schema layer from the client side.' },
            // One exception: the stories' data source filters and sorts with the server's own list
            // query builder (pure: SQL text and parameters), so stories and server never disagree.
            { target: './stories', from: './server', except: ['./resources/list-query.ts', './resources/naming.ts', './http/errors.ts'], message: 'Stories run in the browser against their own data source, never server code.' },
            { target: './stories', from: ['./scripts', './renderer/schema-files', './renderer/build'], message: 'Stories run in the browser: no Node-only code.' },
          ],
        },
      ],
    },
  },
  {
    // The schema language runs in the browser, the server and the CLI alike.
    files: ['renderer/schema/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*', 'react', 'react-*', 'antd', 'antd/*', 'mobx', 'mobx-*', '@ant-design/*'], message: 'renderer/schema is free of React and of Node built-ins.' }] }],
    },
  },
  {
    rules: {
      // Schema data is untyped at the boundary; `unknown` is preferred but `any` is allowed where a library forces it.
      '@typescript-eslint/no-explicit-any': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // The safe expression evaluator is the only way schemas run logic.
      'no-eval': 'error',
      'no-new-func': 'error',
      'no-implied-eval': 'error',
    },
  },
);
