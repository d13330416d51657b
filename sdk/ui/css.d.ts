/** A stylesheet imported with `?raw`: its text, which Aisle adopts as a constructed sheet. */
declare module '*.css?raw' {
  const text: string;
  export default text;
}
