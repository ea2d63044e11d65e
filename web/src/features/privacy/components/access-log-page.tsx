import { useDeferredValue, useState } from 'react';
import { ACCESS_KINDS, type AccessKind } from '@shared/contract/data-access.ts';
import type { MessageKey } from '@shared/i18n/translate.ts';
import { PAGES } from '@web/app/pages.ts';
import { SelectField } from '@web/components/form/select-field.tsx';
import { TextField } from '@web/components/form/text-field.tsx';
import { QueryView } from '@web/components/query-view.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table.tsx';
import { t, tm, useFormat } from '@web/lib/i18n.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { useAccessLog } from '../api/data-access.ts';

const KIND_LABELS: Record<AccessKind, MessageKey> = {
  details: 'accessLog.kind.details',
  csv: 'accessLog.kind.csv',
  impersonation: 'accessLog.kind.impersonation',
  file: 'accessLog.kind.file',
  export: 'accessLog.kind.export',
};
const LIMIT = 200;

/**
 * `/admin/access-log` (decision 045): who saw a family's data, when, and how; filtered by staff
 * member, family, kind and days. SuperAdmin only.
 */
export function AccessLogPage() {
  usePageMeta(PAGES.accessLog.title, t('accessLog.description'));
  const time = useFormat();
  const [actorId, setActorId] = useState('');
  const [familyText, setFamilyText] = useState('');
  const family = useDeferredValue(familyText.trim());
  const [kind, setKind] = useState<AccessKind | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const log = useAccessLog({
    limit: LIMIT,
    actorId: actorId ? Number(actorId) : undefined,
    family: family || undefined,
    kind: kind || undefined,
    from: from || undefined,
    to: to || undefined,
  });
  const entries = log.data?.entries;
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold">{tm(PAGES.accessLog.title)}</h1>
        <p className="text-muted-foreground">{t('accessLog.description')}</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5" role="search">
        <SelectField
          label={t('accessLog.staff')}
          value={actorId}
          placeholder={t('accessLog.anyone')}
          options={(log.data?.actors ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
          onChange={(e) => setActorId(e.target.value)}
        />
        <TextField
          label={t('accessLog.family')}
          type="search"
          value={familyText}
          maxLength={100}
          onChange={(e) => setFamilyText(e.target.value)}
        />
        <SelectField
          label={t('accessLog.kind')}
          value={kind}
          placeholder={t('accessLog.anyKind')}
          options={ACCESS_KINDS.map((k) => ({ value: k, label: t(KIND_LABELS[k]) }))}
          onChange={(e) => setKind(e.target.value as AccessKind | '')}
        />
        <TextField
          label={t('accessLog.from')}
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
        <TextField label={t('accessLog.to')} type="date" value={to} onChange={(e) => setTo(e.target.value)} />
      </div>
      <QueryView query={log} />
      {entries && entries.length === 0 && <p>{t('accessLog.none')}</p>}
      {entries && entries.length > 0 && (
        <Table data-testid="access-log">
          <TableHeader>
            <TableRow>
              <TableHead>{t('accessLog.when')}</TableHead>
              <TableHead>{t('accessLog.who')}</TableHead>
              <TableHead>{t('accessLog.what')}</TableHead>
              <TableHead>{t('accessLog.whichFamily')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {entries.map((e) => (
              <TableRow key={e.id}>
                <TableCell>{time.dateTime(e.at)}</TableCell>
                <TableCell>{e.actor.name}</TableCell>
                <TableCell>
                  {t(KIND_LABELS[e.kind])}
                  {e.registrationId !== null && (
                    <div className="text-xs text-muted-foreground">
                      {t('accessLog.registration', { id: e.registrationId })}
                    </div>
                  )}
                </TableCell>
                <TableCell className="break-words">
                  {e.family ? (
                    <>
                      {e.family.name}
                      <div className="break-all text-xs text-muted-foreground">{e.family.email}</div>
                    </>
                  ) : (
                    t('accessLog.familyErased')
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {entries && entries.length >= LIMIT && (
        <p className="text-sm text-muted-foreground">{t('accessLog.limited', { count: LIMIT })}</p>
      )}
    </div>
  );
}
