// Singletons shared by the shell and every remote, at the versions the root package.json pins.
const rootPackage = require('../../package.json');
const kitPackage = require('../kit/package.json');

// Entry points that must come from the same copy as their package (React's renderer and JSX runtime).
const SINGLETONS = {
  react: 'react',
  'react/jsx-runtime': 'react',
  'react-dom': 'react-dom',
  'react-dom/client': 'react-dom',
  'react-router': 'react-router',
  i18next: 'i18next',
  'react-i18next': 'react-i18next',
  '@tanstack/react-query': '@tanstack/react-query',
};

function sharedSingletons() {
  const shared = {};
  for (const [request, packageName] of Object.entries(SINGLETONS)) {
    const version = rootPackage.dependencies[packageName];
    shared[request] = { singleton: true, requiredVersion: version, version };
  }
  shared[kitPackage.name] = { singleton: true, requiredVersion: kitPackage.version, version: kitPackage.version };
  return shared;
}

module.exports = { sharedSingletons };
