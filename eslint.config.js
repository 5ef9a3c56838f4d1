import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

// The server's layers (docs/architecture.md, "Server layers"). The core is generic: modules register
// with it (entity hooks, list filters, record readers) and it never imports a module, so a module can
// be added or removed without touching it.
const SERVER_CORE = ['./server/auth', './server/bid-log', './server/db', './server/events', './server/files', './server/http', './server/resources', './server/sealing', './server/seed', './server/context.ts', './server/paths.ts'];
// The composition root and entry points put core and modules together (app.ts reaches the modules
// through modules/discover.ts); nothing in the core or a module imports them.
const SERVER_ENTRIES = ['./server/app.ts', './server/start-server.ts', './server/main.ts', './server/seed-cli.ts', './server/schema-check.ts'];
// Each folder of server/modules is a module (its area folders, `ssrc/rfx`, belong to it). Found,
// not listed, so a new module is fenced in from its first file.
const SERVER_MODULES = readdirSync(join(import.meta.dirname, 'server/modules'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
// The module-to-module imports of today (issue 35: 21 imports in 14 pairs), by importing module and
// the file it reaches. They are to be replaced by declared effects (the follow-up), so this list
// only shrinks (tests/server/server-layers.test.ts keeps it exact): a new dependency between modules
// goes through the core instead.
export const MODULE_IMPORTS_TODAY = {
  hrpt: ['hsdr/handlers.ts'], // a report request runs as a scheduler job
  hsdr: ['hmsg/message-store.ts', 'sodr/supplier-messages.ts'], // a built-in job reminds suppliers of their orders, linking to them
  hwfl: ['hmsg/message-store.ts'], // a process's notices go to its people's inboxes
  sitf: ['hitf/call.ts', 'hmsg/message-store.ts'], // supplier interfaces call out with hitf's client; repeated failures are messaged
  sodr: ['hmsg/message-store.ts'], // suppliers are told of released and cancelled orders
  sprm: ['hwfl/seed-processes.ts'], // demo seed: requisitions under approval
  sslm: ['hwfl/people.ts', 'hwfl/seed-processes.ts'], // the acting user as a workflow person; demo seed
  ssrc: ['hmsg/message-store.ts', 'hwfl/seed-processes.ts'], // suppliers are told of RFx moves; demo seed
  tender: ['hmsg/message-store.ts', 'hwfl/seed-processes.ts', 'sslm/lifecycle/gate.ts'], // messages; demo seed; the supplier life-cycle gate
};

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
            // The contracts are what implementations, registries and services meet on: importing any
            // of them would tie the renderer back into one circle (tests/renderer/import-cycles.test.ts).
            { target: './renderer/contracts', from: './renderer', except: ['./contracts', './schema'], message: 'renderer/contracts imports only the schema layer and React/antd types, never an implementation.' },
            { target: './renderer', from: ['./src', './server', './stories', './scripts'], message: 'The renderer imports only renderer/ (and its schema layer).' },
            { target: ['./renderer/!(schema-files|build)/**', './renderer/*.{ts,tsx}'], from: ['./renderer/schema-files', './renderer/build'], message: 'Node-only code (renderer/schema-files, renderer/build) stays out of the browser.' },
            { target: './src', from: ['./server', './stories', './scripts', './renderer/schema-files', './renderer/build'], message: 'The shell imports the renderer and the schema layer, never the server.' },
            { target: './server', from: './renderer', except: ['./schema', './schema-files'], message: 'The server takes only the schema layer (renderer/schema, renderer/schema-files) from the renderer side.' },
            { target: './server', from: ['./src', './stories', './scripts'], message: 'The server takes only the schema layer from the client side.' },
            { target: SERVER_CORE, from: './server/modules', message: 'The server core never imports a module: a module registers with the core (entity hooks, list filters, record readers), and a part both need belongs in the core.' },
            // story-fixtures.ts starts a whole server to record the stories' calls: an entry point kept in seed/.
            { target: [...SERVER_CORE.filter((p) => p !== './server/seed'), './server/seed/**/!(story-fixtures).ts', './server/modules'], from: SERVER_ENTRIES, message: 'Only entry points import the composition root (server/app.ts, start-server.ts, …).' },
            ...SERVER_MODULES.map((m) => ({
              target: `./server/modules/${m}`,
              from: './server/modules',
              except: [`./${m}`, ...(MODULE_IMPORTS_TODAY[m] ?? []).map((f) => `./${f}`)],
              message: `A module imports itself and the server core only (${m} may also import what MODULE_IMPORTS_TODAY in eslint.config.js lists, until declared effects replace it): move a shared part into the core.`,
            })),
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
    // Contracts hold types only: nothing of them runs, so nothing they import is loaded.
    files: ['renderer/contracts/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', { selector: "ImportDeclaration[importKind!='type']", message: 'renderer/contracts holds types only: use `import type`.' }, { selector: ':matches(VariableDeclaration, FunctionDeclaration, ClassDeclaration, TSEnumDeclaration)', message: 'renderer/contracts holds types only; code goes in the implementation.' }],
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
