import { AUDIT_ENTITIES, type AuditEntity, type AuditEntry } from '@shared/contract/settings.ts';
import { useState } from 'react';
import { SelectField } from '@web/components/form/select-field.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table.tsx';
import type { MessageKey } from '@shared/i18n/translate.ts';
import { t, useFormat } from '@web/lib/i18n.tsx';
import { useAuditLog } from '../api/settings.ts';
import { QueryView } from '@web/components/query-view.tsx';
import { SettingsShell } from './settings-shell.tsx';
import { PAGES } from '@web/app/pages.ts';

const ENTITY_LABELS: Record<string, MessageKey> = {
  tournament: 'settings.audit.entity.tournament',
  division: 'settings.audit.entity.division',
  eventType: 'settings.audit.entity.eventType',
  event: 'settings.audit.entity.event',
  competitorLevel: 'settings.audit.entity.competitorLevel',
  siteSettings: 'settings.audit.entity.siteSettings',
  impersonation: 'settings.audit.entity.impersonation',
  // Decision 049: the Staff page's invitations and accounts.
  staffInvite: 'settings.audit.entity.staffInvite',
  staffAccount: 'settings.audit.entity.staffAccount',
};
const ACTION_LABELS: Record<string, MessageKey> = {
  create: 'settings.audit.action.create',
  update: 'settings.audit.action.update',
  delete: 'settings.audit.action.delete',
  reorder: 'settings.audit.action.reorder',
  revoke: 'settings.audit.action.revoke',
};
/** The label of `value` in `labels`, or `value` itself when it has none. */
const labelOf = (labels: Record<string, MessageKey>, value: string) => {
  const key = labels[value];
  return key ? t(key) : value;
};

/** The fields whose values differ between before and after (top level), for a short summary. */
function changedFields(entry: AuditEntry): string[] {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  if (typeof before !== 'object' || typeof after !== 'object' || Array.isArray(before)) return [];
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
}

/** `/admin/audit-log`: every settings change, who made it, when, before and after (decision 007). */
export function AuditLogPage() {
  const time = useFormat();
  const [entity, setEntity] = useState<AuditEntity | ''>('');
  const { data, error, isLoading } = useAuditLog(entity);
  return (
    <SettingsShell title={PAGES.auditLog.title} description={t('settings.audit.description')}>
      <div className="max-w-xs">
        <SelectField
          label={t('settings.audit.showChangesTo')}
          value={entity}
          placeholder={t('settings.audit.everything')}
          options={AUDIT_ENTITIES.map((e) => ({ value: e, label: labelOf(ENTITY_LABELS, e) }))}
          onChange={(e) => setEntity(e.target.value as AuditEntity | '')}
        />
      </div>
      <QueryView query={{ data, error, isLoading }} />
      {data && data.length === 0 && <p>{t('settings.audit.none')}</p>}
      {data && data.length > 0 && (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t('settings.audit.when')}</TableHead>
              <TableHead>{t('settings.audit.who')}</TableHead>
              <TableHead>{t('settings.audit.what')}</TableHead>
              <TableHead>{t('settings.audit.details')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.map((entry) => {
              const fields = entry.action === 'update' ? changedFields(entry) : [];
              return (
                <TableRow key={entry.id}>
                  <TableCell className="whitespace-nowrap">{time.dateTime(entry.at)}</TableCell>
                  <TableCell>
                    {entry.actorName ||
                      (entry.actorUserId === null
                        ? t('settings.audit.userRemoved')
                        : t('settings.audit.user', { id: entry.actorUserId }))}
                  </TableCell>
                  <TableCell>
                    {entry.entityId !== null && entry.entity !== 'siteSettings'
                      ? t('settings.audit.whatWithId', {
                          action: labelOf(ACTION_LABELS, entry.action),
                          entity: labelOf(ENTITY_LABELS, entry.entity),
                          id: entry.entityId,
                        })
                      : t('settings.audit.whatLine', {
                          action: labelOf(ACTION_LABELS, entry.action),
                          entity: labelOf(ENTITY_LABELS, entry.entity),
                        })}
                    {fields.length > 0 && (
                      <div className="text-xs text-muted-foreground">
                        {t('settings.audit.changed', { fields: fields.join(', ') })}
                      </div>
                    )}
                  </TableCell>
                  <TableCell>
                    <details>
                      <summary className="cursor-pointer">{t('settings.audit.beforeAndAfter')}</summary>
                      <div className="grid gap-2 sm:grid-cols-2">
                        <pre
                          className="max-h-64 overflow-auto rounded bg-muted p-2 text-xs"
                          aria-label={t('settings.audit.before')}
                        >
                          {JSON.stringify(entry.before, null, 2)}
                        </pre>
                        <pre
                          className="max-h-64 overflow-auto rounded bg-muted p-2 text-xs"
                          aria-label={t('settings.audit.after')}
                        >
                          {JSON.stringify(entry.after, null, 2)}
                        </pre>
                      </div>
                    </details>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </SettingsShell>
  );
}
