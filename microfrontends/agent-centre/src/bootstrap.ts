// The remote's own entry: the shell loads its pages through the container (pages.tsx), and every
// text comes from the shell's catalogue (/locales/<language>.json).
export {};
