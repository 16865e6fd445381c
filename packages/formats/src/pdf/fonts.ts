/** Fonts (Roboto shipped inside pdfmake, embedded) and logo images of the PDF report. */
import pdfmake from 'pdfmake';
import vfsFonts from 'pdfmake/build/vfs_fonts.js';
import { fastWidth, type MeasuredFont, type TextMeasure } from './long-table';

let fontsReady = false;
type VirtualFs = { writeFileSync: (name: string, data: Uint8Array) => void };

export const setupFonts = () => {
  if (fontsReady) return;
  const files = vfsFonts as unknown as Record<string, string>;
  const vfs = (pdfmake as unknown as { virtualfs: VirtualFs }).virtualfs;
  for (const name of [
    'Roboto-Regular.ttf',
    'Roboto-Medium.ttf',
    'Roboto-Italic.ttf',
    'Roboto-MediumItalic.ttf',
  ]) {
    vfs.writeFileSync(name, base64ToBytes(files[name]!));
  }
  pdfmake.setFonts({
    Roboto: {
      normal: 'Roboto-Regular.ttf',
      bold: 'Roboto-Medium.ttf',
      italics: 'Roboto-Italic.ttf',
      bolditalics: 'Roboto-MediumItalic.ttf',
    },
  });
  // No downloads and no local files: everything the report needs is passed in.
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy(() => false);
  fontsReady = true;
};

const base64ToBytes = (text: string): Uint8Array => {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
};

const bytesToBase64 = (bytes: Uint8Array): string => {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
};

/** data URL of a PNG or JPEG logo; null for anything else (never passed to the PDF library). */
export const imageDataUrl = (bytes: Uint8Array | undefined): string | null => {
  if (!bytes || bytes.length < 8) return null;
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) {
    return `data:image/png;base64,${bytesToBase64(bytes)}`;
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return `data:image/jpeg;base64,${bytesToBase64(bytes)}`;
  }
  return null;
};

let measuring: Promise<TextMeasure> | null = null;

/**
 * Text widths with the report's fonts before a document exists (the long tables' column widths, ADR 0199):
 * the fonts of one empty pdfmake document, kept for the process, without PDFKit's per-font word cache
 * (it would grow with every number of every report).
 */
export const textMeasure = (): Promise<TextMeasure> => {
  measuring ??= (async () => {
    setupFonts();
    const created = pdfmake.createPdf({ content: '' }, { fontLayoutCache: false });
    const doc = (await created.getStream()) as unknown as {
      provideFont: (family: string, bold: boolean, italics: boolean) => MeasuredFont;
    };
    const regular = fastWidth(doc.provideFont('Roboto', false, false));
    const bold = fastWidth(doc.provideFont('Roboto', true, false));
    return (text, isBold, size) => (isBold ? bold(text, size) : regular(text, size));
  })();
  return measuring;
};
