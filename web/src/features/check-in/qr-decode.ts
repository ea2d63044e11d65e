import jsQR from 'jsqr';

// The JavaScript QR decoder for browsers without BarcodeDetector (Firefox, Safari before 17,
// most Linux and Windows Chromium builds). Loaded with `import()` only when the scanner opens,
// so jsQR stays out of the main bundle.

/** RGBA pixels, 4 bytes a pixel, row after row: an ImageData or anything shaped like one. */
export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** The text of the QR code in `pixels`, or null when none is found. */
export function decodeQrPixels(pixels: Pixels): string | null {
  const found = jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: 'dontInvert' });
  return found ? found.data : null;
}

/** Frames are scaled down to at most this many pixels on their long side before decoding. */
const MAX_SIDE = 640;

/**
 * A decoder of video frames: draws the current frame to an offscreen canvas and decodes its
 * pixels. Answers the texts found (zero or one), like BarcodeDetector's rawValues.
 */
export function createFrameDecoder(): (video: HTMLVideoElement) => string[] {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return (video) => {
    const { videoWidth, videoHeight } = video;
    if (!context || videoWidth === 0 || videoHeight === 0) return [];
    const scale = Math.min(1, MAX_SIDE / Math.max(videoWidth, videoHeight));
    const width = Math.round(videoWidth * scale);
    const height = Math.round(videoHeight * scale);
    if (canvas.width !== width) canvas.width = width;
    if (canvas.height !== height) canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    const text = decodeQrPixels(context.getImageData(0, 0, width, height));
    return text === null ? [] : [text];
  };
}
