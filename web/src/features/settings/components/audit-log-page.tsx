import { AUDIT_ENTITIES, type AuditEntity, type AuditEntry } from '@shared/contract/settings.ts';
import { useState } from 'react';
import { SelectField } from '@web/components/form/select-field.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table.tsx';
import { useTimeFormat } from '@web/lib/format.ts';
import { useAuditLog } from '../api/settings.ts';
import { QueryView } from '@web/components/query-view.tsx';
import { SettingsShell } from './settings-shell.tsx';
import { PAGES } from '@web/app/pages.ts';

const ENTITY_LABELS: Record<string, string> = {
  tournament: 'Tournament',
  division: 'Division',
  eventType: 'Event type',
  event: 'Event',
  competitorLevel: 'Competitor level',
  siteSettings: 'Site settings',
  impersonation: 'view-as session for customer',
};
const ACTION_LABELS: Record<string, string> = {
  create: 'Created',
  update: 'Changed',
  delete: 'Removed',
  reorder: 'Reordered',
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
  const time = useTimeFormat();
  const [entity, setEntity] = useState<AuditEntity | ''>('');
  const { data, error, isLoading } = useAuditLog(entity);
  return (
    <SettingsShell
      title={PAGES.auditLog.title}
      description="Every settings change: who made it, when, and the values before and after."
    >
      <div className="max-w-xs">
        <SelectField
          label="Show changes to"
          value={entity}
          placeholder="Everything"
          options={AUDIT_ENTITIES.map((e) => ({ value: e, label: ENTITY_LABELS[e] ?? e }))}
          onChange={(e) => setEntity(e.target.value as AuditEntity | '')}
        />
      </div>
      <QueryView query={{ data, error, isLoading }} />
      {data && data.length === 0 && <p>No changes recorded yet.</p>}
      {data && data.length > 0 && (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>When (UTC)</TableHead>
              <TableHead>Who</TableHead>
              <TableHead>What</TableHead>
              <TableHead>Details</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.map((entry) => {
              const fields = entry.action === 'update' ? changedFields(entry) : [];
              return (
                <TableRow key={entry.id}>
                  <TableCell className="whitespace-nowrap">{time.dateTime(entry.at)}</TableCell>
                  <TableCell>{entry.actorName || `User ${entry.actorUserId ?? 'removed'}`}</TableCell>
                  <TableCell>
                    {ACTION_LABELS[entry.action] ?? entry.action}{' '}
                    {ENTITY_LABELS[entry.entity] ?? entry.entity}
                    {entry.entityId !== null && entry.entity !== 'siteSettings' ? ` #${entry.entityId}` : ''}
                    {fields.length > 0 && (
                      <div className="text-xs text-muted-foreground">Changed: {fields.join(', ')}</div>
                    )}
                  </TableCell>
                  <TableCell>
                    <details>
                      <summary className="cursor-pointer">Before and after</summary>
                      <div className="grid gap-2 sm:grid-cols-2">
                        <pre
                          className="max-h-64 overflow-auto rounded bg-muted p-2 text-xs"
                          aria-label="Before"
                        >
                          {JSON.stringify(entry.before, null, 2)}
                        </pre>
                        <pre
                          className="max-h-64 overflow-auto rounded bg-muted p-2 text-xs"
                          aria-label="After"
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
