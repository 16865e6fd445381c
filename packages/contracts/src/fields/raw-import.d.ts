// Vite/Vitest `?raw` imports (used by doc.test.ts to compare docs/fields.md with the generator output).
declare module '*.md?raw' {
  const content: string;
  export default content;
}
