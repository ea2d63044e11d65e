import type { SiteSettings } from '@shared/contract/public.ts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { t } from '@web/lib/i18n.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';

/**
 * The venue with its street address as text and a link, and an embedded map that loads only
 * when scrolled near. If the map cannot load, the address and the link still tell the way.
 */
export function VenueBlock({ settings, icon }: { settings: SiteSettings; icon: ReactNode }) {
  const mapNear = useNearViewport<HTMLDivElement>();
  const mapLink = `https://www.openstreetmap.org/search?query=${encodeURIComponent(settings.venueAddress)}`;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {icon}
          {t('public.venue.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 md:grid-cols-2">
        <div className="grid content-start gap-2">
          <p className="text-lg font-semibold">{settings.venueName}</p>
          <address className="not-italic">{settings.venueAddress}</address>
          <p>
            <a href={mapLink} target="_blank" rel="noopener noreferrer">
              {t('public.venue.directions')}
              <span className="sr-only">{t('common.opensInNewTab')}</span>
            </a>
          </p>
        </div>
        {settings.mapEmbedUrl && (
          <div
            ref={mapNear.ref}
            // The map needs the app: on a server-rendered page it starts the app when near (decision 031).
            data-app-when-near=""
            className="relative h-72 w-full overflow-hidden rounded-md border bg-muted"
          >
            {/* Seen only while the map loads or if it cannot: the address above still tells the way. */}
            <p
              aria-hidden="true"
              className="absolute inset-0 grid place-items-center p-4 text-center text-muted-foreground"
            >
              {t('public.venue.mapOf', { venue: settings.venueName })}
            </p>
            {mapNear.near && (
              <iframe
                src={settings.mapEmbedUrl}
                title={t('public.venue.mapTitle', {
                  venue: settings.venueName,
                  address: settings.venueAddress,
                })}
                loading="lazy"
                referrerPolicy="no-referrer"
                className="relative size-full border-0"
              />
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * True once the element comes within a screen of the viewport (decision 020). The map is another
 * site's page with its own scripts: a phone that never scrolls to it never loads it, and the
 * server-rendered page (decision 020) has none (the placeholder text stands in for it).
 * Without IntersectionObserver it is near at once.
 */
function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return { ref, near };
}
