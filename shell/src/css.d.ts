/** Stylesheets are imported for their effect (webpack's style-loader injects them). */
declare module '*.css';

/** The build's mode, which webpack writes into the bundle ('production' or 'development'). */
declare const process: { env: { NODE_ENV?: string } };
