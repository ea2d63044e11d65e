import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  AUDIENCE_LABELS,
  isFinished,
  MERGE_FIELD_LABELS,
  progressPercent,
  type Audience,
  type AudienceKind,
  type CommunicationSettings,
  type Compose,
  type MessageSummary,
  type Preview,
} from '@shared/contract/communications.ts';
import { MERGE_FIELDS } from '@shared/domain/communications.ts';
import { nextTournament } from '@shared/domain/tournament-status.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useAction } from '../../../lib/action.ts';
import { formatDate, useTimeFormat } from '../../../lib/format.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import {
  previewMessage,
  removeTemplate,
  saveSmsSettings,
  saveTemplate,
  sendMessage,
  useCommunicationOptions,
  useHistory,
  useMessage,
  useTournaments,
} from '../api/communications.ts';
import { href } from '../../../app/pages.ts';

// /admin/communications (issue 16; TournamentDirector, SuperAdmin): compose an e-mail, and an
// SMS while AllowSmsNotifications is on, to an audience of a tournament's registrations; preview
// one recipient's message; send in the background and watch each recipient's status.

/** How often a send in progress is read again. */
const PROGRESS_REFRESH_MS = 1000;

const KINDS: AudienceKind[] = ['all', 'incomplete', 'division', 'checked-in', 'not-checked-in'];

export function CommunicationsPage() {
  usePageMeta('Communications', 'Message the families of a tournament');
  const [search] = useSearchParams();
  const picked = (search.get('registrations') ?? '')
    .split(',')
    .map(Number)
    .filter((n) => Number.isInteger(n) && n > 0);
  const tournaments = useTournaments();
  const [tournamentId, setTournamentId] = useState<number | undefined>(undefined);
  const fallbackId = tournaments.data ? nextTournament(tournaments.data, new Date())?.id : undefined;
  const currentId = tournamentId ?? (Number(search.get('tournamentId')) || fallbackId);
  const [watching, setWatching] = useState<number[]>([]);

  if (tournaments.isLoading && !tournaments.data) return <Spinner />;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-semibold">Communications</h1>
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1">
            <Label htmlFor="comm-tournament">Tournament</Label>
            <Select
              id="comm-tournament"
              value={currentId ?? ''}
              onChange={(e) => setTournamentId(Number(e.target.value) || undefined)}
            >
              <option value="">Choose a tournament</option>
              {(tournaments.data ?? []).map((t) => (
                <option key={t.id} value={t.id}>
                  {formatDate(t.tournamentDate)}, {t.city}
                </option>
              ))}
            </Select>
          </div>
          <Button asChild variant="outline">
            <Link to={href('audiencePicker', undefined, currentId ? `tournamentId=${currentId}` : undefined)}>
              Pick registrations
            </Link>
          </Button>
        </div>
      </div>
      {currentId ? (
        <>
          <ComposeCard key={currentId} tournamentId={currentId} picked={picked} onSent={setWatching} />
          {watching.map((id) => (
            <Progress key={id} messageId={id} />
          ))}
          <History tournamentId={currentId} onView={(id) => setWatching([id])} />
          <SmsSettingsCard tournamentId={currentId} />
        </>
      ) : (
        <p>There is no upcoming tournament scheduled.</p>
      )}
    </div>
  );
}

function ComposeCard({
  tournamentId,
  picked,
  onSent,
}: {
  tournamentId: number;
  picked: number[];
  onSent: (ids: number[]) => void;
}) {
  const options = useCommunicationOptions(tournamentId);
  const [kind, setKind] = useState<AudienceKind>(picked.length ? 'selected' : 'incomplete');
  const [divisionId, setDivisionId] = useState<number | undefined>(undefined);
  const [email, setEmail] = useState(true);
  const [sms, setSms] = useState(false);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [smsBody, setSmsBody] = useState('');
  const [templateName, setTemplateName] = useState('');
  const [preview, setPreview] = useState<Preview | undefined>(undefined);
  const smsEnabled = options.data?.smsEnabled ?? false;

  const audience = (): Audience =>
    kind === 'division'
      ? { kind, divisionId: divisionId ?? 0 }
      : kind === 'selected'
        ? { kind, registrationIds: picked }
        : { kind };
  const compose = (): Compose => ({
    tournamentId,
    audience: audience(),
    email,
    sms: sms && smsEnabled,
    subject,
    body,
    smsBody,
  });

  const previewAction = useAction(() => previewMessage(compose()));
  const sendAction = useAction(() => sendMessage(compose()), {
    success: 'The message is queued: it is being sent in the background.',
  });
  const saveTemplateAction = useAction(() => saveTemplate({ name: templateName, subject, body, smsBody }), {
    success: 'Template saved.',
    successAs: 'toast',
  });
  const removeTemplateAction = useAction((id: number) => removeTemplate(id), {
    success: 'Template removed.',
    successAs: 'toast',
  });

  async function onPreview() {
    const result = await previewAction.run();
    if (result.ok) setPreview(result.value);
  }
  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const result = await sendAction.run();
    if (result.ok) onSent(result.value.messageIds);
  }
  function applyTemplate(id: number) {
    const t = options.data?.templates.find((x) => x.id === id);
    if (!t) return;
    setSubject(t.subject);
    setBody(t.body);
    setSmsBody(t.smsBody);
    setTemplateName(t.name);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Compose</CardTitle>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4" onSubmit={(e) => void onSubmit(e)} noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1">
              <Label htmlFor="comm-audience">Audience</Label>
              <Select
                id="comm-audience"
                value={kind}
                onChange={(e) => setKind(e.target.value as AudienceKind)}
              >
                {(picked.length ? [...KINDS, 'selected' as const] : KINDS).map((k) => (
                  <option key={k} value={k}>
                    {k === 'selected' ? `Selected registrations (${picked.length})` : AUDIENCE_LABELS[k]}
                  </option>
                ))}
              </Select>
            </div>
            {kind === 'division' && (
              <div className="grid gap-1">
                <Label htmlFor="comm-division">Division</Label>
                <Select
                  id="comm-division"
                  value={divisionId ?? ''}
                  onChange={(e) => setDivisionId(Number(e.target.value) || undefined)}
                >
                  <option value="">Choose a division</option>
                  {(options.data?.divisions ?? []).map((d) => (
                    <option key={d.id} value={d.id}>
                      {d.title}
                    </option>
                  ))}
                </Select>
              </div>
            )}
            {(options.data?.templates.length ?? 0) > 0 && (
              <div className="grid gap-1">
                <Label htmlFor="comm-template">Start from a template</Label>
                <div className="flex gap-2">
                  <Select
                    id="comm-template"
                    defaultValue=""
                    onChange={(e) => applyTemplate(Number(e.target.value))}
                  >
                    <option value="">No template</option>
                    {options.data?.templates.map((t) => (
                      <option key={t.id} value={t.id}>
                        {t.name}
                      </option>
                    ))}
                  </Select>
                </div>
              </div>
            )}
          </div>
          <fieldset className="flex flex-wrap gap-6">
            <legend className="mb-1 text-sm font-medium">Send as</legend>
            <label className="flex items-center gap-2">
              <input type="checkbox" checked={email} onChange={(e) => setEmail(e.target.checked)} /> E-mail
            </label>
            {smsEnabled && (
              <label className="flex items-center gap-2">
                <input type="checkbox" checked={sms} onChange={(e) => setSms(e.target.checked)} /> SMS (to
                contacts who agreed to SMS)
              </label>
            )}
          </fieldset>
          {email && (
            <>
              <div className="grid gap-1">
                <Label htmlFor="comm-subject">Subject</Label>
                <Input
                  id="comm-subject"
                  value={subject}
                  onChange={(e) => setSubject(e.target.value)}
                  maxLength={200}
                />
              </div>
              <div className="grid gap-1">
                <Label htmlFor="comm-body">E-mail message</Label>
                <Textarea id="comm-body" rows={8} value={body} onChange={(e) => setBody(e.target.value)} />
              </div>
            </>
          )}
          {sms && smsEnabled && (
            <div className="grid gap-1">
              <Label htmlFor="comm-sms">SMS text</Label>
              <Textarea id="comm-sms" rows={3} value={smsBody} onChange={(e) => setSmsBody(e.target.value)} />
            </div>
          )}
          <p className="text-sm text-muted-foreground">
            Merge fields:{' '}
            {MERGE_FIELDS.map((f) => (
              <code key={f} className="mr-2" title={MERGE_FIELD_LABELS[f]}>
                {`{{${f}}}`}
              </code>
            ))}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="outline"
              onClick={() => void onPreview()}
              disabled={previewAction.busy}
            >
              Preview
            </Button>
            <Button type="submit" disabled={sendAction.busy}>
              Send
            </Button>
          </div>
          {preview && <PreviewPanel preview={preview} />}
          <div className="flex flex-wrap items-end gap-2 border-t pt-4">
            <div className="grid gap-1">
              <Label htmlFor="comm-template-name">Template name</Label>
              <Input
                id="comm-template-name"
                value={templateName}
                onChange={(e) => setTemplateName(e.target.value)}
              />
            </div>
            <Button
              type="button"
              variant="outline"
              disabled={saveTemplateAction.busy}
              onClick={() => void saveTemplateAction.run()}
            >
              Save as template
            </Button>
            {options.data?.templates
              .filter((t) => t.name === templateName.trim())
              .map((t) => (
                <Button
                  key={t.id}
                  type="button"
                  variant="outline"
                  disabled={removeTemplateAction.busy}
                  onClick={() => void removeTemplateAction.run(t.id)}
                >
                  Remove template
                </Button>
              ))}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function PreviewPanel({ preview }: { preview: Preview }) {
  return (
    <section aria-label="Preview" className="grid gap-2 rounded-md border p-4">
      <p>
        E-mail to {preview.emailRecipients} {preview.emailRecipients === 1 ? 'recipient' : 'recipients'}, SMS
        to {preview.smsRecipients}.
      </p>
      {preview.sample ? (
        <>
          <p className="text-sm text-muted-foreground">
            As {preview.sample.name || preview.sample.address} ({preview.sample.address}) would get it:
          </p>
          {preview.sample.subject && <p className="font-medium">{preview.sample.subject}</p>}
          {preview.sample.body && <pre className="whitespace-pre-wrap font-sans">{preview.sample.body}</pre>}
          {preview.sample.smsBody && (
            <p>
              <span className="text-sm text-muted-foreground">SMS: </span>
              {preview.sample.smsBody}
            </p>
          )}
        </>
      ) : (
        <p>Nobody is in this audience.</p>
      )}
    </section>
  );
}

const STATUS_LABELS = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  unsubscribed: 'Unsubscribed',
};

function Progress({ messageId }: { messageId: number }) {
  const message = useMessage(messageId);
  const data = message.data;
  const finished = data ? isFinished(data.counts) : false;
  const { refetch } = message;
  useEffect(() => {
    if (finished) return;
    const timer = setInterval(refetch, PROGRESS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [finished, refetch]);
  if (!data) return <Spinner />;
  const percent = progressPercent(data.counts);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {data.channel === 'email' ? 'E-mail' : 'SMS'}: {data.subject || data.body.slice(0, 60)}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div
          role="progressbar"
          aria-label="Sending progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-3 rounded-sm bg-muted"
        >
          <span className="block h-3 rounded-sm bg-primary" style={{ width: `${percent}%` }} />
        </div>
        <p data-testid="send-progress">
          {percent}% done: {data.counts.sent} sent, {data.counts.failed} failed, {data.counts.unsubscribed}{' '}
          unsubscribed, {data.counts.queued + data.counts.sending} waiting, of {data.counts.total}.
        </p>
        {data.capReachedAt && (
          <p role="status">Sending stopped at the SMS cost cap: the messages left were not sent.</p>
        )}
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Recipient</TableHead>
              <TableHead>Address</TableHead>
              <TableHead>Status</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.recipients.map((r) => (
              <TableRow key={r.id}>
                <TableCell>{r.name}</TableCell>
                <TableCell>{r.address}</TableCell>
                <TableCell>
                  <Badge
                    variant={r.status === 'failed' ? 'danger' : r.status === 'sent' ? 'success' : 'secondary'}
                  >
                    {STATUS_LABELS[r.status]}
                  </Badge>
                  {r.failureReason && <span className="ml-2 text-sm">{r.failureReason}</span>}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

function History({ tournamentId, onView }: { tournamentId: number; onView: (id: number) => void }) {
  const time = useTimeFormat();
  const history = useHistory(tournamentId);
  const rows: MessageSummary[] = history.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Send history</CardTitle>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p>Nothing has been sent for this tournament yet.</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Sent</TableHead>
                <TableHead>Channel</TableHead>
                <TableHead>Audience</TableHead>
                <TableHead>Subject</TableHead>
                <TableHead>Progress</TableHead>
                <TableHead />
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((m) => (
                <TableRow key={m.id}>
                  <TableCell>{time.dateTime(m.createdAt)}</TableCell>
                  <TableCell>{m.channel === 'email' ? 'E-mail' : 'SMS'}</TableCell>
                  <TableCell>{m.audienceLabel}</TableCell>
                  <TableCell>{m.subject || m.body.slice(0, 40)}</TableCell>
                  <TableCell>
                    {m.counts.sent} sent of {m.counts.total}
                    {m.counts.failed ? `, ${m.counts.failed} failed` : ''}
                  </TableCell>
                  <TableCell>
                    <Button type="button" variant="outline" size="sm" onClick={() => onView(m.id)}>
                      View
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

function SmsSettingsCard({ tournamentId }: { tournamentId: number }) {
  const options = useCommunicationOptions(tournamentId);
  if (!options.data?.smsEnabled) return null;
  return (
    <SmsSettingsForm
      key={JSON.stringify(options.data.settings)}
      tournamentId={tournamentId}
      settings={options.data.settings}
    />
  );
}

function SmsSettingsForm({
  tournamentId,
  settings,
}: {
  tournamentId: number;
  settings: CommunicationSettings;
}) {
  const [cap, setCap] = useState(settings.smsCostCapCents === null ? '' : dollars(settings.smsCostCapCents));
  const [segment, setSegment] = useState(String(settings.smsSegmentCostCents));
  const save = useAction(
    () =>
      saveSmsSettings(tournamentId, {
        smsCostCapCents: cap.trim() === '' ? null : Math.round(Number(cap) * 100),
        smsSegmentCostCents: Math.round(Number(segment)),
      }),
    { success: 'SMS settings saved.', successAs: 'toast' },
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>SMS cost cap</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void save.run();
          }}
        >
          <div className="grid gap-1">
            <Label htmlFor="sms-cap">Cap for this tournament ($, empty for none)</Label>
            <Input id="sms-cap" inputMode="decimal" value={cap} onChange={(e) => setCap(e.target.value)} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="sms-segment">Price per SMS segment (cents)</Label>
            <Input
              id="sms-segment"
              inputMode="numeric"
              value={segment}
              onChange={(e) => setSegment(e.target.value)}
            />
          </div>
          <Button type="submit" disabled={save.busy}>
            Save
          </Button>
          <p className="text-sm text-muted-foreground">Spent so far: ${dollars(settings.smsSpentCents)}</p>
        </form>
      </CardContent>
    </Card>
  );
}
