import { ScanLine } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog.tsx';
import { codeFromScan, qrDetector } from './qr.ts';

// Scans a receipt's QR code with the tablet camera: the browser's BarcodeDetector where it has
// one, otherwise jsQR on frames drawn to a canvas (qr-decode.ts, loaded only when the scanner
// opens). Without a camera API the button is not shown: staff type the printed code.

/** Texts of the QR codes in the current frame. */
type FrameDetect = (video: HTMLVideoElement) => Promise<string[]>;

async function frameDetector(): Promise<FrameDetect> {
  const native = qrDetector();
  if (native) {
    return async (video) => (await native.detect(video)).map((b) => b.rawValue);
  }
  const { createFrameDecoder } = await import('./qr-decode.ts');
  const decode = createFrameDecoder();
  return async (video) => decode(video);
}

export function QrScanButton({ onCode }: { onCode: (code: string) => void }) {
  const [open, setOpen] = useState(false);
  if (typeof window === 'undefined' || !navigator.mediaDevices) return null;
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <ScanLine aria-hidden="true" />
        Scan QR code
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Scan the receipt's QR code</DialogTitle>
          <DialogDescription>Hold the QR code in front of the camera.</DialogDescription>
          {open && (
            <Scanner
              onCode={(code) => {
                setOpen(false);
                onCode(code);
              }}
            />
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}

function Scanner({ onCode }: { onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The camera runs for as long as the scanner is open: the page behind it re-renders on every
  // sync (a new `onCode` each time), and that must not restart the camera.
  const latestOnCode = useRef(onCode);
  useEffect(() => {
    latestOnCode.current = onCode;
  });
  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer = 0;
    let stopped = false;
    (async () => {
      let detect: FrameDetect;
      try {
        detect = await frameDetector();
      } catch {
        setProblem('The QR scanner could not load: type the confirmation code instead.');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
      } catch {
        setProblem('The camera is not available: type the confirmation code instead.');
        return;
      }
      if (stopped) {
        stream.getTracks().forEach((t) => t.stop());
        return;
      }
      if (!video.current) return;
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      const tick = async () => {
        if (stopped || !video.current) return;
        const found = await detect(video.current).catch((): string[] => []);
        for (const text of found) {
          const code = codeFromScan(text);
          if (code) {
            latestOnCode.current(code);
            return;
          }
        }
        if (found.length > 0) setProblem('This QR code is not a receipt of this tournament.');
        timer = window.setTimeout(() => void tick(), 250);
      };
      void tick();
    })();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);
  return (
    <div className="grid gap-2">
      <video ref={video} muted playsInline className="w-full rounded-md bg-black" />
      {problem && <p role="alert">{problem}</p>}
    </div>
  );
}
