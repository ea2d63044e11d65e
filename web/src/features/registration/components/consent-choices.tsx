import { useId } from 'react';
import type { ConsentGivenAs, PublicationChoices } from '@shared/domain/consent.ts';
import { t } from '@web/lib/i18n.tsx';

// Decision 043: the two choices a family makes for each competitor, asked plainly on the
// competitor form and changeable later from the customer's home page. The wording follows who
// consents: a guardian for a child, the competitor themselves from 18 on tournament day.

const ROW = 'flex min-h-11 cursor-pointer items-center gap-3 rounded-md border px-3 py-2';

export function ConsentChoices({
  givenAs,
  value,
  onChange,
  disabled = false,
  /** Names the checkboxes for one competitor among several ("Ava"), on the home page. */
  who,
}: {
  givenAs: ConsentGivenAs;
  value: PublicationChoices;
  onChange: (next: PublicationChoices) => void;
  disabled?: boolean;
  who?: string;
}) {
  const self = givenAs === 'self';
  const suffix = who ? ` (${who})` : '';
  // The hint describes the box rather than naming it, so the label stays short for a screen reader.
  const hintId = useId();
  return (
    <div className="grid gap-2">
      <div className="grid gap-1">
        <label className={ROW}>
          <input
            type="checkbox"
            name="publishName"
            className="size-5 shrink-0 accent-primary"
            aria-describedby={hintId}
            checked={value.publishName}
            disabled={disabled}
            onChange={(e) => onChange({ ...value, publishName: e.target.checked })}
          />
          <span>
            {t(self ? 'registration.competitor.publishNameSelf' : 'registration.competitor.publishName')}
            {suffix}
          </span>
        </label>
        <p id={hintId} className="px-3 text-sm text-muted-foreground">
          {t('registration.competitor.publishNameHint')}
        </p>
      </div>
      <label className={ROW}>
        <input
          type="checkbox"
          name="photosAllowed"
          className="size-5 shrink-0 accent-primary"
          checked={value.photosAllowed}
          disabled={disabled}
          onChange={(e) => onChange({ ...value, photosAllowed: e.target.checked })}
        />
        <span>
          {t(self ? 'registration.competitor.photosAllowedSelf' : 'registration.competitor.photosAllowed')}
          {suffix}
        </span>
      </label>
    </div>
  );
}
