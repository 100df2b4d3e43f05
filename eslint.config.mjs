// Lint of the shell, the client kit and the micro-frontends (npm run lint; make test-frontend runs it).
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    files: ['shell/**/*.{ts,tsx}', 'microfrontends/**/*.{ts,tsx}'],
    extends: [
      js.configs.recommended,
      tseslint.configs.recommended,
      reactHooks.configs.flat.recommended,
      importX.flatConfigs.recommended,
      importX.flatConfigs.typescript,
    ],
    languageOptions: { globals: globals.browser },
    settings: {
      // Resolves as the type check does, @tessera/kit included, so a circle through the kit is seen too.
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      // In a circle, what a module finds in another depends on which of them was imported first
      // (import-x leaves type-only imports out: they are gone at run time).
      'import-x/no-cycle': 'error',
      // A parameter a signature needs but the body does not is named _like_this; leaving keys out of
      // an object is done by destructuring them beside a rest.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // i18next's default export is its instance and its named exports are that instance's methods:
      // i18next.changeLanguage (its documented use) and changeLanguage are the same function.
      'import-x/no-named-as-default-member': 'off',
    },
  },
  {
    // Module Federation's shared config, read by webpack under Node.
    files: ['shell/federation/*.js'],
    extends: [js.configs.recommended],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
  },
);
