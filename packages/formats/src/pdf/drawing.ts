/** A drawing of svg.ts in the document: the SVG shapes with their labels set as PDF text on top. */
import type { Content } from 'pdfmake/interfaces';
import { approximateWidth, splitSvgText } from './svg';

export const drawing = (svgText: string, width: number): Content => {
  const { svg, labels } = splitSvgText(svgText);
  return {
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
      { svg, width },
    ],
  };
};
