import { useEffect, useRef, useState } from 'react';
import { LOCALE_TAGS } from '@shared/i18n/locale.ts';
import { currentLocale, t } from '@web/lib/i18n.tsx';

// Google Identity Services: the script renders its own button and hands back an ID token
// ("credential") that the server verifies (POST /api/users/google-oauth).
interface GoogleAccountsId {
  initialize(options: { client_id: string; callback: (answer: { credential?: string }) => void }): void;
  renderButton(parent: HTMLElement, options: Record<string, string | number>): void;
}
declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

const SCRIPT_URL = 'https://accounts.google.com/gsi/client';
let scriptPromise: Promise<void> | undefined;

function loadScript(): Promise<void> {
  scriptPromise ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      scriptPromise = undefined;
      reject(new Error('Google sign-in could not be loaded.'));
    };
    document.head.appendChild(script);
  });
  return scriptPromise;
}

/** The "Sign in with Google" button; shown only when a client id is configured. */
export function GoogleButton({
  clientId,
  onCredential,
}: {
  clientId: string;
  onCredential: (credential: string) => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onCredential);
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    callback.current = onCredential;
  });
  useEffect(() => {
    let cancelled = false;
    loadScript()
      .then(() => {
        const id = window.google?.accounts?.id;
        if (cancelled || !id || !ref.current) return;
        id.initialize({
          client_id: clientId,
          callback: (answer) => {
            if (answer.credential) callback.current(answer.credential);
          },
        });
        id.renderButton(ref.current, {
          theme: 'outline',
          size: 'large',
          text: 'signin_with',
          width: 280,
          locale: LOCALE_TAGS[currentLocale()],
        });
      })
      .catch(() => {
        // Offline or blocked: the e-mail form still works; the Google part hides.
        if (!cancelled) setUnavailable(true);
      });
    return () => {
      cancelled = true;
    };
  }, [clientId]);
  if (unavailable) return null;
  return (
    // Google's button needs the app: on a server-rendered page it starts the app when near (decision 031).
    <div className="mt-6 grid gap-2 border-t pt-4" data-testid="google-sign-in" data-app-when-near="">
      <p className="text-sm text-muted-foreground">{t('auth.google.intro')}</p>
      <div ref={ref} className="min-h-10" />
    </div>
  );
}
