declare module 'anafanafo' {
  /** Width in pixels of `text` set in one of the fonts shields.io measures with ("11px Verdana"). */
  export default function measure(text: string, options: { font: '10px Verdana' | 'bold 10px Verdana' | '11px Verdana' | 'bold 11px Helvetica'; guess?: boolean }): number;
}
