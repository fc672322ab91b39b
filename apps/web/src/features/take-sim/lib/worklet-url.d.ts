/** Vite's explicit URL import of a file never inlined as a data: URL (lib/pcm-capture.ts). */
declare module '*?no-inline&url' {
  const src: string;
  export default src;
}
