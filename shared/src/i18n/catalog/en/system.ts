// Texts of monitoring (see index.ts): GET /metrics's refusal, and the System page
// (web/src/features/system) with its test e-mail (docs/decisions/041-metrics-and-system-page.md).
export const system = {
  'page.system': 'System',
  'system.metricsRefused':
    'Metrics are served to this machine only, or with the metrics token (Authorization: Bearer).',
  'system.title': 'System',
  'system.description': 'Whether the database, mail, SMS and job queue work, and what went wrong lately',
  'system.refresh': 'Refresh',
  'system.database.title': 'Database',
  'system.database.pglite': 'The embedded database (PGlite), in the data folder.',
  'system.database.postgres': 'PostgreSQL (DATABASE_URL).',
  'system.database.answers': 'It answers.',
  'system.database.down': 'It does not answer: pages that need it fail until it is back.',
  'system.database.size': 'Size: {size}.',
  'system.mail.title': 'E-mail',
  'system.mail.smtp': 'Mail leaves through the SMTP server at {host}.',
  'system.mail.dev':
    'No SMTP server is set (SMTP_URL): mails are kept in the dev outbox and none leave this server.',
  'system.mail.works': 'The SMTP server answers.',
  'system.mail.broken': 'The SMTP server does not answer ({code}): mails wait and are tried again.',
  'system.mail.test': 'Send a test e-mail',
  'system.mail.testSent': 'A test e-mail went to {email}. Check that it arrived.',
  'system.mail.testFailed': 'The test e-mail could not be sent ({code}).',
  'system.mail.testSubject': '{site}: test e-mail',
  'system.mail.testBody':
    'This is a test e-mail sent from the System page of {site}. If you are reading it, mail leaves the server.',
  'system.mail.failing':
    'Mail is failing: the last {count, plural, one {# message was} other {# messages were}} refused, since {since}. Check SMTP_URL and the mail account (password, sending limits), then send a test e-mail. The send history on the Communications page lists each refused recipient and why.',
  'system.counts': 'Since the server started: {sent, number} sent, {failed, number} failed.',
  'system.sms.title': 'SMS',
  'system.sms.twilio': 'SMS leave through Twilio, from {from}.',
  'system.sms.dev':
    'Twilio is not set (TWILIO_*): SMS are kept in the dev outbox and none leave this server.',
  'system.sms.failing':
    'SMS is failing: the last {count, plural, one {# SMS was} other {# SMS were}} refused, since {since}. Check the TWILIO_* settings and the Twilio account (balance, sending number). The send history on the Communications page lists each refused recipient and why.',
  'system.jobs.title': 'Job queue',
  'system.jobs.running': 'The job queue runs in this process.',
  'system.jobs.stopped': 'The job queue does not run in this process: mails and notices wait.',
  'system.jobs.unreadable': 'The job queue could not be read: is the database answering?',
  'system.jobs.queue': 'Queue',
  'system.jobs.waiting': 'Waiting',
  'system.jobs.active': 'Running',
  'system.jobs.failed': 'Failed',
  'system.jobs.oldest': 'Oldest waiting',
  'system.jobs.stuck':
    'The {queue} queue is stuck: its oldest job, due since {since}, has waited {waited} without starting. Check that the server runs its job queue (restart the service if not) and read the recent errors below.',
  'system.disk.title': 'Disk',
  'system.disk.free': '{free} free of {total} under {path}.',
  'system.disk.low': 'Space is running low: uploads and the embedded database need room.',
  'system.disk.unknown': 'The free space under {path} could not be read.',
  'system.backup.title': 'Last backup',
  'system.backup.taken': 'Taken {when}, {size}.',
  'system.backup.none':
    'No backup yet. The server takes one every night; take one now with npm run admin -- backup.',
  'system.backup.stale':
    'The last backup is more than {hours, plural, one {# hour} other {# hours}} old: the nightly backup did not run or failed. Look for "backup" in the recent errors below and in the server log, check the free space under BACKUP_DIR, then take one with npm run admin -- backup.',
  'system.backup.all': 'All backups',
  'system.version.title': 'Version',
  'system.version.text': 'Version {version}, running for {uptime}.',
  'system.errors.title': 'Recent errors',
  'system.errors.intro':
    'The last 50 warnings and errors of the server log since it started, without personal data.',
  'system.errors.none': 'No warnings or errors since the server started.',
  'system.errors.time': 'When',
  'system.errors.level': 'Level',
  'system.errors.message': 'What happened',
  'system.errors.code': 'Code',
  'system.errors.requestId': 'Request',
  'system.level.warn': 'Warning',
  'system.level.error': 'Error',
  'system.level.fatal': 'Fatal',
  'system.unit.kb': '{value, number} KB',
  'system.unit.mb': '{value, number} MB',
  'system.unit.gb': '{value, number} GB',
  'system.duration':
    '{days, plural, =0 {} one {# day, } other {# days, }}{hours, plural, one {# hour} other {# hours}} and {minutes, plural, one {# minute} other {# minutes}}',
  'system.seconds': '{seconds, plural, one {# second} other {# seconds}}',
};
