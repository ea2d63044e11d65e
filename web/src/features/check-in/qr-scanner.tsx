import { ScanLine } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@web/components/ui/dialog.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { t } from '@web/lib/i18n.tsx';
import { codeFromScan, qrDetector } from './qr.ts';

// Scans a receipt's QR code with the tablet camera: the browser's BarcodeDetector where it has
// one, otherwise jsQR on frames drawn to a canvas (qr-decode.ts, loaded only when the scanner
// opens). Without a camera API the button is not shown: staff type the printed code in the
// search box. The dialog has a box for the printed code too (decision 028), for a camera that is
// refused or cannot read a crumpled receipt.

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
  const found = (code: string) => {
    setOpen(false);
    onCode(code);
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {/* The trigger is where focus returns when the dialog closes (Esc, Close, a code found). */}
      <DialogTrigger asChild>
        <Button variant="outline">
          <ScanLine aria-hidden="true" />
          {t('checkIn.qr.scan')}
        </Button>
      </DialogTrigger>
      <DialogContent
        // Focus the dialog itself, not the code box: on a tablet a focused box opens the
        // on-screen keyboard over the camera, and scanning is what the dialog is for.
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          (e.currentTarget as HTMLElement | null)?.focus();
        }}
      >
        <DialogTitle>{t('checkIn.qr.title')}</DialogTitle>
        <DialogDescription>{t('checkIn.qr.description')}</DialogDescription>
        {open && <Scanner onCode={found} />}
        <TypedCode onCode={found} />
      </DialogContent>
    </Dialog>
  );
}

/** The code printed under the QR code, typed: for a camera that is missing, refused or cannot read it. */
function TypedCode({ onCode }: { onCode: (code: string) => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      noValidate
      className="grid gap-1.5 border-t pt-4"
      onSubmit={(e) => {
        e.preventDefault();
        const code = codeFromScan(text);
        if (code) onCode(code);
        else setError(t('checkIn.qr.typedCodeInvalid'));
      }}
    >
      <Label htmlFor="qr-typed-code">{t('checkIn.qr.codeLabel')}</Label>
      <div className="flex gap-2">
        <Input
          id="qr-typed-code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'qr-typed-code-error' : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setError(null);
          }}
        />
        <Button type="submit">{t('checkIn.qr.find')}</Button>
      </div>
      {error && (
        <p id="qr-typed-code-error" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </form>
  );
}

/** The English text of `checkIn.qr.typedCodeInvalid` (tests find it by this). */
export const TYPED_CODE_MESSAGE = 'Type the code printed on the receipt: 4 to 20 letters and digits.';

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
        setProblem(t('checkIn.qr.notLoaded'));
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
      } catch {
        setProblem(t('checkIn.qr.noCamera'));
        return;
      }
      if (stopped) {
        stream.getTracks().forEach((track) => track.stop());
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
        if (found.length > 0) setProblem(t('checkIn.qr.notAReceipt'));
        timer = window.setTimeout(() => void tick(), 250);
      };
      void tick();
    })();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);
  return (
    <div className="grid gap-2">
      <video ref={video} muted playsInline className="w-full rounded-md bg-black" />
      {problem && <p role="alert">{problem}</p>}
    </div>
  );
}
