/** Stylesheets are imported for their effect (webpack's style-loader injects them). */
declare module '*.css';
