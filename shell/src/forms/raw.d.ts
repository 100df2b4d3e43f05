// Tests read the server's sources as text (Vite's ?raw) to check the client against them.
declare module '*?raw' {
  const text: string;
  export default text;
}
