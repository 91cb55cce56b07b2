import { randomInt } from 'node:crypto';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';

/**
 * The raster image of a captcha answer. What defeats a template matcher is that no digit has
 * a fixed look or place: each is drawn in a random style (one of our stroke glyphs, or a system
 * font when the machine has one) at a random size, weight, rotation and shear, packed so
 * neighbours overlap, crossed by curves as thick and as coloured as the digits, then the whole
 * picture is bent by a random wave and sprinkled with noise. Drawn at twice the size it is shown.
 */
export const captchaImageSize = { width: 240, height: 88 } as const;

/** Digits as strokes on a 10 x 16 grid, for machines without fonts and as one more style. */
const digitStrokes: Record<string, ReadonlyArray<ReadonlyArray<readonly [number, number]>>> = {
  '0': [
    [
      [2, 1],
      [8, 1],
      [9, 3],
      [9, 13],
      [8, 15],
      [2, 15],
      [1, 13],
      [1, 3],
      [2, 1],
    ],
  ],
  '1': [
    [
      [3, 4],
      [6, 1],
      [6, 15],
    ],
    [
      [3, 15],
      [9, 15],
    ],
  ],
  '2': [
    [
      [1, 4],
      [3, 1],
      [7, 1],
      [9, 4],
      [9, 6],
      [1, 15],
      [9, 15],
    ],
  ],
  '3': [
    [
      [1, 2],
      [8, 1],
      [5, 7],
      [9, 10],
      [8, 14],
      [5, 15],
      [1, 14],
    ],
  ],
  '4': [
    [
      [7, 15],
      [7, 1],
      [1, 11],
      [9, 11],
    ],
  ],
  '5': [
    [
      [9, 1],
      [2, 1],
      [1, 7],
      [6, 6],
      [9, 9],
      [8, 14],
      [4, 15],
      [1, 13],
    ],
  ],
  '6': [
    [
      [8, 1],
      [3, 4],
      [1, 10],
      [2, 14],
      [5, 15],
      [8, 14],
      [9, 11],
      [7, 8],
      [3, 8],
      [1, 10],
    ],
  ],
  '7': [
    [
      [1, 1],
      [9, 1],
      [4, 15],
    ],
  ],
  '8': [
    [
      [5, 8],
      [2, 6],
      [2, 2],
      [5, 1],
      [8, 2],
      [8, 6],
      [5, 8],
      [1, 11],
      [2, 14],
      [5, 15],
      [8, 14],
      [9, 11],
      [5, 8],
    ],
  ],
  '9': [
    [
      [8, 7],
      [5, 8],
      [2, 7],
      [1, 4],
      [3, 1],
      [7, 1],
      [9, 4],
      [8, 10],
      [3, 15],
    ],
  ],
};

const between = (low: number, high: number) => low + (randomInt(0, 1_000_000) / 1_000_000) * (high - low);
const pick = <T>(items: ReadonlyArray<T>): T | undefined => items[randomInt(0, items.length)];
/** Dark, saturated ink on a light ground; the curves use the same ink so colour tells nothing. */
const ink = () => `hsl(${randomInt(0, 360)},${randomInt(50, 80)}%,${randomInt(22, 42)}%)`;

/** System font families, read once: servers without fonts draw every digit from strokes. */
let fontFamilies: ReadonlyArray<string> | undefined;
const fontFamiliesOf = () => {
  fontFamilies ??= GlobalFonts.families.map((font) => font.family).filter((family) => !/math/i.test(family));
  return fontFamilies;
};

function drawStrokeGlyph(context: SKRSContext2D, digit: string, height: number) {
  const scale = height / 16;
  context.lineWidth = between(0.09, 0.16) * height;
  context.lineCap = 'round';
  context.lineJoin = 'round';
  for (const stroke of digitStrokes[digit] ?? []) {
    const points = stroke.map(([x, y]) => [
      (x - 5 + between(-0.6, 0.6)) * scale,
      (y - 8 + between(-0.6, 0.6)) * scale,
    ]);
    const [first, ...rest] = points;
    context.beginPath();
    context.moveTo(first?.[0] ?? 0, first?.[1] ?? 0);
    // Curves through the midpoints round the corners differently on every draw.
    rest.forEach(([x = 0, y = 0], index) => {
      const next = rest[index + 1];
      if (next) {
        context.quadraticCurveTo(x, y, (x + (next[0] ?? 0)) / 2, (y + (next[1] ?? 0)) / 2);
      } else {
        context.lineTo(x, y);
      }
    });
    context.stroke();
  }
}

function drawFontGlyph(context: SKRSContext2D, digit: string, height: number, family: string) {
  const weight = pick(['normal', 'bold'] as const);
  const style = pick(['normal', 'italic'] as const);
  context.font = `${style} ${weight} ${Math.round(height * 1.25)}px "${family}"`;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillText(digit, 0, 0);
  // An outline in another ink thickens and blurs the glyph's edge.
  context.lineWidth = between(1, 3);
  context.strokeStyle = ink();
  context.strokeText(digit, between(-2, 2), between(-2, 2));
}

function drawDigits(context: SKRSContext2D, answer: string) {
  const { width, height } = captchaImageSize;
  const slot = (width - 36) / answer.length;
  Array.from(answer).forEach((digit, index) => {
    const glyphHeight = between(0.48, 0.66) * height;
    context.save();
    context.translate(18 + slot * (index + 0.5) + between(-0.18, 0.18) * slot, height / 2 + between(-6, 6));
    context.rotate((between(-32, 32) * Math.PI) / 180);
    context.transform(between(0.8, 1.25), 0, between(-0.35, 0.35), 1, 0, 0);
    // Ink that changes along the glyph, so no digit is one colour a clusterer could cut out.
    const color = context.createLinearGradient(
      -glyphHeight / 2,
      -glyphHeight / 2,
      glyphHeight / 2,
      glyphHeight / 2,
    );
    color.addColorStop(0, ink());
    color.addColorStop(between(0.3, 0.7), ink());
    color.addColorStop(1, ink());
    context.strokeStyle = color;
    context.fillStyle = color;
    const family = randomInt(0, 3) === 0 ? undefined : pick(fontFamiliesOf());
    if (family === undefined) {
      drawStrokeGlyph(context, digit, glyphHeight);
    } else {
      drawFontGlyph(context, digit, glyphHeight, family);
    }
    context.restore();
  });
}

/** Curves from edge to edge through the digits' band, as thick as a stroke glyph. */
function drawInterference(context: SKRSContext2D, count: number, widthRange: readonly [number, number]) {
  const { width, height } = captchaImageSize;
  for (let line = 0; line < count; line += 1) {
    const color = context.createLinearGradient(0, 0, width, 0);
    color.addColorStop(0, ink());
    color.addColorStop(between(0.3, 0.7), ink());
    color.addColorStop(1, ink());
    context.strokeStyle = color;
    context.lineWidth = between(...widthRange);
    context.beginPath();
    context.moveTo(between(-10, width * 0.2), between(0, height));
    context.bezierCurveTo(
      between(0, width),
      between(-height * 0.3, height * 1.3),
      between(0, width),
      between(-height * 0.3, height * 1.3),
      between(width * 0.8, width + 10),
      between(0, height),
    );
    context.stroke();
  }
}

function drawSpeckles(context: SKRSContext2D, count: number) {
  const { width, height } = captchaImageSize;
  for (let dot = 0; dot < count; dot += 1) {
    context.fillStyle = ink();
    context.beginPath();
    context.arc(between(0, width), between(0, height), between(0.6, 2.4), 0, Math.PI * 2);
    context.fill();
  }
}

/** Moves every pixel along two random sine waves, so glyph outlines bend differently each time. */
function warp(context: SKRSContext2D) {
  const { width, height } = captchaImageSize;
  const source = context.getImageData(0, 0, width, height);
  const target = context.createImageData(width, height);
  // One 32-bit word per RGBA pixel, so each move is a single copy.
  const from = new Uint32Array(source.data.buffer, source.data.byteOffset, width * height);
  const to = new Uint32Array(target.data.buffer, target.data.byteOffset, width * height);
  const amplitudeX = between(2, 5);
  const amplitudeY = between(3, 7);
  const periodX = between(40, 90);
  const periodY = between(60, 140);
  const phaseX = between(0, Math.PI * 2);
  const phaseY = between(0, Math.PI * 2);
  const shiftX = Array.from({ length: height }, (_, y) =>
    Math.round(amplitudeX * Math.sin((y / periodX) * Math.PI * 2 + phaseX)),
  );
  const shiftY = Array.from({ length: width }, (_, x) =>
    Math.round(amplitudeY * Math.sin((x / periodY) * Math.PI * 2 + phaseY)),
  );
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const fromX = Math.min(width - 1, Math.max(0, x + (shiftX[y] ?? 0)));
      const fromY = Math.min(height - 1, Math.max(0, y + (shiftY[x] ?? 0)));
      to[y * width + x] = from[fromY * width + fromX] ?? 0;
    }
  }
  context.putImageData(target, 0, 0);
}

/** A PNG of the answer; encoding runs on libuv's thread pool, off the event loop. */
export async function renderCaptchaPng(answer: string): Promise<Buffer> {
  const { width, height } = captchaImageSize;
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  const ground = context.createLinearGradient(0, 0, width, height);
  ground.addColorStop(0, `hsl(${randomInt(0, 360)},40%,${randomInt(88, 96)}%)`);
  ground.addColorStop(1, `hsl(${randomInt(0, 360)},40%,${randomInt(88, 96)}%)`);
  context.fillStyle = ground;
  context.fillRect(0, 0, width, height);
  drawSpeckles(context, 60);
  drawInterference(context, 2, [1, 3]);
  drawDigits(context, answer);
  drawInterference(context, 2, [3, 6]);
  warp(context);
  drawSpeckles(context, 40);
  return canvas.encode('png');
}
