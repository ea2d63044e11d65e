import { ScanLine } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog.tsx';
import { codeFromScan, qrDetector } from './qr.ts';

// Scans a receipt's QR code with the tablet camera (BarcodeDetector). Where the browser has
// no BarcodeDetector the button is not shown: staff type the printed confirmation code.
// (No JavaScript decoder fallback yet.)

export function QrScanButton({ onCode }: { onCode: (code: string) => void }) {
  const [open, setOpen] = useState(false);
  if (typeof window === 'undefined' || !('BarcodeDetector' in window) || !navigator.mediaDevices) return null;
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
  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer = 0;
    let stopped = false;
    const detector = qrDetector();
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
      } catch {
        setProblem('The camera is not available: type the confirmation code instead.');
        return;
      }
      if (stopped || !video.current || !detector) return;
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      const tick = async () => {
        if (stopped || !video.current) return;
        const found = await detector.detect(video.current).catch(() => []);
        for (const b of found) {
          const code = codeFromScan(b.rawValue);
          if (code) {
            onCode(code);
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
  }, [onCode]);
  return (
    <div className="grid gap-2">
      <video ref={video} muted playsInline className="w-full rounded-md bg-black" />
      {problem && <p role="alert">{problem}</p>}
    </div>
  );
}
