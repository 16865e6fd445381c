/** A drawing of diagrams.ts in the document: the shapes as a pdfmake canvas, the labels as PDF text on top. */
import type { Content } from 'pdfmake/interfaces';
import { approximateWidth, type Drawing } from './diagrams';

/**
 * Labels are ordinary text with the embedded font, placed relative to the drawing's top left corner;
 * an invisible rectangle gives the canvas the drawing's full size (a canvas is as large as its shapes).
 */
export const drawing = ({ width, height, shapes, labels }: Drawing): Content => ({
  stack: [
    ...labels.map((label): Content => {
      const textWidth = approximateWidth(label.text, label.size);
      const shift =
        label.anchor === 'middle' ? textWidth / 2 : label.anchor === 'end' ? textWidth : 0;
      return {
        text: label.text,
        fontSize: label.size,
        lineHeight: 1,
        color: label.color,
        relativePosition: { x: label.x - shift, y: label.y - 0.93 * label.size },
      };
    }),
    {
      canvas: [
        { type: 'rect', x: 0, y: 0, w: width, h: height, color: '#fff', fillOpacity: 0 },
        ...shapes,
      ],
    },
  ],
});
