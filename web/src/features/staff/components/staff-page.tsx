import { useState } from 'react';
import {
  STAFF_ACCOUNT_ROLES,
  StaffInviteRequestSchema,
  type StaffAccountRole,
  type StaffList,
} from '@shared/contract/staff.ts';
import { PAGES } from '@web/app/pages.ts';
import { SelectField } from '@web/components/form/select-field.tsx';
import { TextField } from '@web/components/form/text-field.tsx';
import { QueryView } from '@web/components/query-view.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Spinner } from '@web/components/ui/spinner.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@web/components/ui/table.tsx';
import { useAction } from '@web/lib/action.ts';
import { useForm } from '@web/lib/form.ts';
import { t, tm, useFormat } from '@web/lib/i18n.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { useSession } from '@web/lib/session.ts';
import { changeStaffRole, inviteStaff, revokeStaff, useStaff, withdrawInvite } from '../api/staff.ts';

const roleOptions = () =>
  STAFF_ACCOUNT_ROLES.map((role) => ({ value: role, label: t('staffPage.role', { role }) }));

/**
 * `/admin/staff` (decision 049): invite volunteers by e-mail with a role, change a staff account's
 * role, revoke an account, withdraw a pending invitation. SuperAdmin only.
 */
export function StaffPage() {
  usePageMeta(PAGES.staff.title, t('staffPage.description'));
  const staff = useStaff();
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <h1 className="text-2xl font-semibold">{tm(PAGES.staff.title)}</h1>
        <p className="text-muted-foreground">{t('staffPage.description')}</p>
      </div>
      <InviteForm />
      <QueryView query={staff} />
      {staff.data && <Accounts accounts={staff.data.accounts} />}
      {staff.data && <Invites invites={staff.data.invites} />}
    </div>
  );
}

function InviteForm() {
  const form = useForm({
    schema: StaffInviteRequestSchema,
    initial: { email: '', firstName: '', lastName: '', role: 'RingOfficial' as string },
    onSubmit: async (input) => {
      const { message } = await inviteStaff(input);
      form.reset();
      return message;
    },
    action: { success: (message) => tm(String(message)), successAs: 'toast' },
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('staffPage.inviteTitle')}</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
          aria-label={t('staffPage.inviteTitle')}
          onSubmit={(e) => void form.submit(e)}
        >
          <TextField label={t('staffPage.email')} type="email" required {...form.field('email')} />
          <TextField label={t('staffPage.firstName')} required {...form.field('firstName')} />
          <TextField label={t('staffPage.lastName')} required {...form.field('lastName')} />
          <SelectField label={t('staffPage.roleLabel')} options={roleOptions()} {...form.field('role')} />
          <Button type="submit" className="justify-self-start" disabled={form.busy}>
            {form.busy && <Spinner className="size-4" />}
            {t('staffPage.invite')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function Accounts({ accounts }: { accounts: StaffList['accounts'] }) {
  const time = useFormat();
  const me = useSession()?.user.personId;
  return (
    <section className="grid gap-2">
      <h2 className="text-xl font-semibold">{t('staffPage.accounts')}</h2>
      <Table data-testid="staff-accounts">
        <TableHeader>
          <TableRow>
            <TableHead>{t('staffPage.name')}</TableHead>
            <TableHead>{t('staffPage.roleLabel')}</TableHead>
            <TableHead>{t('staffPage.lastSignIn')}</TableHead>
            <TableHead>{t('staffPage.actions')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {accounts.map((a) => (
            <TableRow key={a.id} data-email={a.email}>
              <TableCell className="break-words">
                {a.name}
                <div className="break-all text-xs text-muted-foreground">{a.email}</div>
              </TableCell>
              <TableCell>{t('staffPage.role', { role: a.role })}</TableCell>
              <TableCell>{a.lastSignInAt ? time.dateTime(a.lastSignInAt) : t('staffPage.never')}</TableCell>
              <TableCell>{a.id === me ? null : <AccountActions account={a} />}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}

function AccountActions({ account }: { account: StaffList['accounts'][number] }) {
  const [role, setRole] = useState<StaffAccountRole>(account.role);
  const [confirming, setConfirming] = useState(false);
  const options = { success: (m: string) => tm(m), successAs: 'toast' } as const;
  const change = useAction(async () => (await changeStaffRole(account.id, role)).message, options);
  const revoke = useAction(async () => (await revokeStaff(account.id)).message, options);
  if (confirming) {
    return (
      <div className="grid gap-2">
        <p className="text-sm">{t('staffPage.revokeConfirm', { name: account.name || account.email })}</p>
        <div className="flex flex-wrap gap-2">
          <Button variant="destructive" size="sm" disabled={revoke.busy} onClick={() => void revoke.run()}>
            {revoke.busy && <Spinner className="size-4" />}
            {t('staffPage.revoke')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => setConfirming(false)}>
            {t('common.cancel')}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-end gap-2">
      <SelectField
        label={t('staffPage.roleLabel')}
        options={roleOptions()}
        value={role}
        onChange={(e) => setRole(e.target.value as StaffAccountRole)}
      />
      <Button
        size="sm"
        variant="outline"
        disabled={change.busy || role === account.role}
        onClick={() => void change.run()}
      >
        {t('staffPage.saveRole')}
      </Button>
      <Button size="sm" variant="destructiveOutline" onClick={() => setConfirming(true)}>
        {t('staffPage.revoke')}
      </Button>
    </div>
  );
}

function Invites({ invites }: { invites: StaffList['invites'] }) {
  const time = useFormat();
  const withdraw = useAction(async (id: number) => (await withdrawInvite(id)).message, {
    success: (m) => tm(m),
    successAs: 'toast',
  });
  return (
    <section className="grid gap-2">
      <h2 className="text-xl font-semibold">{t('staffPage.invites')}</h2>
      {invites.length === 0 ? (
        <p>{t('staffPage.noInvites')}</p>
      ) : (
        <Table data-testid="staff-invites">
          <TableHeader>
            <TableRow>
              <TableHead>{t('staffPage.name')}</TableHead>
              <TableHead>{t('staffPage.roleLabel')}</TableHead>
              <TableHead>{t('staffPage.invitedBy')}</TableHead>
              <TableHead>{t('staffPage.expires')}</TableHead>
              <TableHead>{t('staffPage.actions')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {invites.map((i) => (
              <TableRow key={i.id} data-email={i.email}>
                <TableCell className="break-words">
                  {i.name}
                  <div className="break-all text-xs text-muted-foreground">{i.email}</div>
                </TableCell>
                <TableCell>{t('staffPage.role', { role: i.role })}</TableCell>
                <TableCell>{i.invitedBy}</TableCell>
                <TableCell>{time.dateTime(i.expiresAt)}</TableCell>
                <TableCell>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={withdraw.busy}
                    onClick={() => void withdraw.run(i.id)}
                  >
                    {t('staffPage.withdraw')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
