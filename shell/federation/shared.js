// Singletons shared by the shell and every remote, at the versions the root package.json pins. The
// remotes consume them (webpack.config.js); the shell offers its own copies at run time
// (shell/src/remotes/sharedModules.ts, which lists the same react-router exports and the parts of
// TanStack Query and react-i18next a remote may use: one needing another export must add it there).
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

// react-router is large and shared whole unless told otherwise. The shell and the remotes get this
// part of it (tree-shaken at build time); a remote wanting another export must be added here, or
// it would fall back to its own copy, outside the shell's router.
const ROUTER_EXPORTS = [
  'Outlet', 'Link', 'NavLink', 'Navigate',
  'useLocation', 'useNavigate', 'useParams', 'useSearchParams', 'useMatch', 'useHref', 'useInRouterContext',
  'generatePath', 'matchPath',
];

function sharedSingletons() {
  const shared = {};
  for (const [request, packageName] of Object.entries(SINGLETONS)) {
    const version = rootPackage.dependencies[packageName];
    shared[request] = { singleton: true, requiredVersion: version, version };
    if (request === 'react-router') shared[request].treeShaking = { mode: 'runtime-infer', usedExports: ROUTER_EXPORTS };
  }
  shared[kitPackage.name] = { singleton: true, requiredVersion: kitPackage.version, version: kitPackage.version };
  return shared;
}

/** Each shared request's version, as the shell offers it to the remotes at run time. */
function sharedVersions() {
  return Object.fromEntries(Object.entries(sharedSingletons()).map(([request, config]) => [request, config.version]));
}

module.exports = { sharedSingletons, sharedVersions };
