// One multi-build: the shell (host), every micro-frontend (remote) and the back office, served by the core at /static/.
const path = require('path');
const zlib = require('zlib');
const CompressionPlugin = require('compression-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const CopyPlugin = require('copy-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { InjectManifest } = require('workbox-webpack-plugin');
const webpack = require('webpack');
const { BundleAnalyzerPlugin } = require('webpack-bundle-analyzer');
const { sharedSingletons, sharedVersions } = require('./shell/federation/shared');
const { BundleReport, FirstLoadManifest, firstLoadFiles } = require('./shell/federation/bundleReport');

// TESSERA_BUILD_DIR builds elsewhere (served with TESSERA_STATIC_DIR pointing at it).
const BUILD = path.resolve(process.env.TESSERA_BUILD_DIR || path.join(__dirname, 'build'));
const BACKEND = process.env.TESSERA_BACKEND || 'http://127.0.0.1:6543';

// The API explorer's viewer (Swagger UI 5, which reads OpenAPI 3.1), served by the core at /api/explorer/static/.
const EXPLORER_FILES = ['swagger-ui-bundle.js', 'swagger-ui.css'];

const REMOTES = [
  { name: 'memberCentre', dir: 'member-centre' },
  { name: 'agentCentre', dir: 'agent-centre' },
];

// Every text file of a production build also as .br (Brotli at its best quality) and .gz (gzip at 9),
// written only where it saves a fifth or more; the server sends the copy the browser accepts
// (platform/tessera/shell/built.py). Source maps, licences and the API explorer's viewer are left as they
// are, and so is the service worker: off the page's path, revalidated by its ETag, and a copy could
// outlive a change to it.
const PRECOMPRESS = { test: /\.(js|css|html|json|svg|webmanifest)$/, exclude: /^(explorer\/|sw\.js$)/, threshold: 1024, minRatio: 0.8 };

function precompressed(mode) {
  if (mode !== 'production') return [];
  return [
    new CompressionPlugin({
      ...PRECOMPRESS,
      filename: '[path][base].br',
      algorithm: 'brotliCompress',
      compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
    }),
    new CompressionPlugin({ ...PRECOMPRESS, filename: '[path][base].gz', algorithm: 'gzip', compressionOptions: { level: 9 } }),
  ];
}

// A production build's styles as content-hashed files beside their chunks (the chunk's script waits for them).
function extractedStyles(mode) {
  if (mode !== 'production') return [];
  return [new MiniCssExtractPlugin({ filename: '[name].[contenthash].css', chunkFilename: '[name].[contenthash].css' })];
}

// No eval-based source maps: the page's CSP allows only 'self' scripts.
function common(mode, name) {
  const production = mode === 'production';
  return {
    name,
    mode,
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'esbuild-loader',
          options: { target: 'es2020', jsx: 'automatic' },
        },
        // A production build's styles are files of their own, fetched beside their chunk's script and
        // parsed by the browser as styles, not strings in the script written into the page at run time.
        { test: /\.css$/, use: [production ? MiniCssExtractPlugin.loader : 'style-loader', { loader: 'css-loader', options: { sourceMap: !production } }] },
      ],
    },
    performance: { hints: false },
    optimization: { moduleIds: 'deterministic', chunkIds: 'deterministic' },
  };
}

function shellConfig(mode) {
  return {
    ...common(mode, 'shell'),
    entry: { main: './shell/src/index.ts' },
    output: {
      path: path.join(BUILD, 'shell'),
      filename: '[name].js',
      chunkFilename: '[name].[contenthash].js',
      publicPath: '/static/shell/',
      clean: true,
    },
    plugins: [
      // The shell is a plain build: it hands its own React, router, i18next, query client and kit to
      // the remotes through the federation runtime when a centre first opens (shell/src/remotes/),
      // so no federation runtime or shared-module lookup is part of the page's first load.
      new webpack.DefinePlugin({ 'process.env.TESSERA_SHARED_VERSIONS': JSON.stringify(JSON.stringify(sharedVersions())) }),
      new CopyPlugin({
        patterns: EXPLORER_FILES.map((file) => ({ from: require.resolve(`swagger-ui-dist/${file}`), to: `explorer/${file}` })),
      }),
      // The brand's service worker (served at /sw.js), precaching the files of the shell's first load
      // (the bundle report's): every other chunk (pages, modals) is kept when first used (serviceWorker.ts).
      // Development builds have none: they change on every save, and the shell registers it only in production.
      // The first load's other files, which the page asks for beside the entry (first-load.json).
      new FirstLoadManifest(),
      ...(mode === 'production'
        ? [
            new InjectManifest({
              swSrc: './shell/src/webapp/serviceWorker.ts',
              swDest: 'sw.js',
              include: [({ asset, compilation }) => firstLoadFiles(compilation).has(asset.name)],
              compileSrc: true,
            }),
            // What the shell's first load weighs (var/report/initial.json, printed) and a map of every chunk (var/report/shell.html),
            // kept out of build/, which the server publishes.
            new BundleReport({ output: path.join(__dirname, 'var', 'report', 'initial.json') }),
            new BundleAnalyzerPlugin({
              analyzerMode: 'static',
              reportFilename: path.join(__dirname, 'var', 'report', 'shell.html'),
              defaultSizes: 'gzip',
              openAnalyzer: false,
            }),
          ]
        : []),
      ...extractedStyles(mode),
      ...precompressed(mode),
    ],
    devServer: {
      port: Number(process.env.TESSERA_DEV_PORT || 3000),
      hot: false,
      devMiddleware: { writeToDisk: true },
      static: { directory: BUILD, publicPath: '/static', watch: false },
      proxy: [
        {
          context: (pathname) => !pathname.startsWith('/static/') && pathname !== '/ws',
          target: BACKEND,
        },
      ],
    },
  };
}

function remoteConfig(mode, remote) {
  return {
    ...common(mode, remote.dir),
    entry: { main: `./microfrontends/${remote.dir}/src/index.ts` },
    output: {
      path: path.join(BUILD, remote.dir),
      filename: '[name].js',
      chunkFilename: '[name].[contenthash].js',
      publicPath: 'auto',
      uniqueName: remote.name,
      clean: true,
    },
    plugins: [
      new ModuleFederationPlugin({
        name: remote.name,
        filename: 'remoteEntry.js',
        exposes: { './pages': `./microfrontends/${remote.dir}/src/pages.tsx` },
        shared: sharedSingletons(),
        dts: false,
        manifest: false,
      }),
      ...extractedStyles(mode),
      ...precompressed(mode),
    ],
  };
}

// The back office (microfrontends/back-office/): a plain build of its own, served on its own host
// (TESSERA_BACKOFFICE_HOST) by platform/tessera/backoffice/pages.py. react-admin 5 works with
// react-router 6 or 7, not the shell's 8: the back office pins 7, and every import of the router in
// its build (its own, react-admin's, ra-core's) is that one copy.
const BACK_OFFICE = path.join(__dirname, 'microfrontends', 'back-office');
const backOfficeCopy = (name) => path.dirname(require.resolve(`${name}/package.json`, { paths: [BACK_OFFICE] }));

function backOfficeConfig(mode) {
  const base = common(mode, 'back-office');
  return {
    ...base,
    entry: { main: './microfrontends/back-office/src/index.tsx' },
    resolve: {
      ...base.resolve,
      alias: { 'react-router$': backOfficeCopy('react-router'), 'react-router-dom$': backOfficeCopy('react-router-dom') },
    },
    output: {
      path: path.join(BUILD, 'back-office'),
      filename: '[name].js',
      chunkFilename: '[name].[contenthash].js',
      publicPath: '/static/back-office/',
      clean: true,
    },
    plugins: [...extractedStyles(mode), ...precompressed(mode)],
  };
}

module.exports = (env, argv) => {
  const mode = argv.mode || 'production';
  return [shellConfig(mode), ...REMOTES.map((remote) => remoteConfig(mode, remote)), backOfficeConfig(mode)];
};
