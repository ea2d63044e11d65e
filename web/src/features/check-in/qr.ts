/**
 * The confirmation code a scanned receipt QR code stands for. The QR carries the check-in
 * token of sync-server/src/services/receipts.ts (a JWT signed by the server); the tablet
 * cannot verify it offline (the key stays on the server), so it only reads the code from it
 * and searches by it: a scan is worth exactly what typing the printed code is worth.
 * A bare code (letters and digits) is accepted as it is. Anything else: null.
 */
export function codeFromScan(raw: string): string | null {
  const text = raw.trim();
  const parts = text.split('.');
  if (parts.length === 3) {
    try {
      const json = atob(parts[1]!.replace(/-/g, '+').replace(/_/g, '/'));
      const payload = JSON.parse(json) as { code?: unknown };
      return typeof payload.code === 'string' && /^[A-Za-z0-9]{4,20}$/.test(payload.code)
        ? payload.code
        : null;
    } catch {
      return null;
    }
  }
  return /^[A-Za-z0-9]{4,20}$/.test(text) ? text : null;
}

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorCtor = new (options: { formats: string[] }) => BarcodeDetectorLike;

/** The browser's BarcodeDetector for QR codes, or null where it is missing. */
export function qrDetector(): BarcodeDetectorLike | null {
  const ctor = (globalThis as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;
  return ctor ? new ctor({ formats: ['qr_code'] }) : null;
}
