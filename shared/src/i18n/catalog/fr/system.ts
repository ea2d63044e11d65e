import type { system as english } from '../en/system.ts';

// Surveillance : le refus de GET /metrics et la page Système, avec son courriel d’essai.
export const system: Record<keyof typeof english, string> = {
  'page.system': 'Système',
  'system.metricsRefused':
    'Les métriques ne sont servies qu’à cette machine, ou avec le jeton des métriques (Authorization: Bearer).',
  'system.title': 'Système',
  'system.description':
    'Si la base de données, les courriels, les textos et la file de tâches fonctionnent, et ce qui a fait défaut récemment',
  'system.refresh': 'Actualiser',
  'system.database.title': 'Base de données',
  'system.database.pglite': 'La base de données intégrée (PGlite), dans le dossier des données.',
  'system.database.postgres': 'PostgreSQL (DATABASE_URL).',
  'system.database.answers': 'Elle répond.',
  'system.database.down': 'Elle ne répond pas : les pages qui en ont besoin échouent jusqu’à son retour.',
  'system.database.size': 'Taille : {size}.',
  'system.mail.title': 'Courriel',
  'system.mail.smtp': 'Les courriels partent par le serveur SMTP {host}.',
  'system.mail.dev':
    'Aucun serveur SMTP n’est configuré (SMTP_URL) : les courriels sont gardés dans la boîte d’envoi de développement et aucun ne quitte ce serveur.',
  'system.mail.works': 'Le serveur SMTP répond.',
  'system.mail.broken':
    'Le serveur SMTP ne répond pas ({code}) : les courriels attendent et seront réessayés.',
  'system.mail.test': 'Envoyer un courriel d’essai',
  'system.mail.testSent': 'Un courriel d’essai a été envoyé à {email}. Vérifiez qu’il est bien arrivé.',
  'system.mail.testFailed': 'Le courriel d’essai n’a pas pu être envoyé ({code}).',
  'system.mail.testSubject': '{site} : courriel d’essai',
  'system.mail.testBody':
    'Ceci est un courriel d’essai envoyé depuis la page Système de {site}. Si vous le lisez, les courriels quittent bien le serveur.',
  'system.mail.failing':
    'Les courriels échouent : {count, plural, one {le dernier message a été refusé} other {les # derniers messages ont été refusés}}, depuis {since}. Vérifiez SMTP_URL et le compte de courriel (mot de passe, limites d’envoi), puis envoyez un courriel d’essai. L’historique des envois de la page Communications indique chaque destinataire refusé et pourquoi.',
  'system.counts':
    'Depuis le démarrage du serveur : {sent, number} {sent, plural, one {envoyé} other {envoyés}}, {failed, number} en échec.',
  'system.sms.title': 'Textos',
  'system.sms.twilio': 'Les textos partent par Twilio, depuis {from}.',
  'system.sms.dev':
    'Twilio n’est pas configuré (TWILIO_*) : les textos sont gardés dans la boîte d’envoi de développement et aucun ne quitte ce serveur.',
  'system.sms.failing':
    'Les textos échouent : {count, plural, one {le dernier texto a été refusé} other {les # derniers textos ont été refusés}}, depuis {since}. Vérifiez les réglages TWILIO_* et le compte Twilio (solde, numéro d’envoi). L’historique des envois de la page Communications indique chaque destinataire refusé et pourquoi.',
  'system.jobs.title': 'File de tâches',
  'system.jobs.running': 'La file de tâches fonctionne dans ce processus.',
  'system.jobs.stopped':
    'La file de tâches ne fonctionne pas dans ce processus : les courriels et les avis attendent.',
  'system.jobs.unreadable': 'La file de tâches n’a pas pu être lue : la base de données répond-elle?',
  'system.jobs.queue': 'File',
  'system.jobs.waiting': 'En attente',
  'system.jobs.active': 'En cours',
  'system.jobs.failed': 'En échec',
  'system.jobs.oldest': 'Plus longue attente',
  'system.jobs.stuck':
    'La file {queue} est bloquée : sa plus ancienne tâche, prête depuis le {since}, attend depuis {waited} sans démarrer. Vérifiez que le serveur fait tourner sa file de tâches (redémarrez le service sinon) et lisez les erreurs récentes ci-dessous.',
  'system.disk.title': 'Disque',
  'system.disk.free': '{free} libres sur {total} sous {path}.',
  'system.disk.low':
    'L’espace vient à manquer : les fichiers téléversés et la base de données intégrée ont besoin de place.',
  'system.disk.unknown': 'L’espace libre sous {path} n’a pas pu être lu.',
  'system.backup.title': 'Dernière sauvegarde',
  'system.backup.taken': 'Faite le {when}, {size}.',
  'system.backup.none':
    'Aucune sauvegarde pour l’instant. Le serveur en fait une chaque nuit; faites-en une maintenant avec npm run admin -- backup.',
  'system.backup.stale':
    'La dernière sauvegarde date de plus de {hours, plural, one {# heure} other {# heures}} : la sauvegarde de la nuit n’a pas eu lieu ou a échoué. Cherchez « backup » dans les erreurs récentes ci-dessous et dans le journal du serveur, vérifiez l’espace libre sous BACKUP_DIR, puis faites-en une avec npm run admin -- backup.',
  'system.backup.all': 'Toutes les sauvegardes',
  'system.version.title': 'Version',
  'system.version.text': 'Version {version}, en marche depuis {uptime}.',
  'system.errors.title': 'Erreurs récentes',
  'system.errors.intro':
    'Les 50 derniers avertissements et erreurs du journal du serveur depuis son démarrage, sans renseignements personnels.',
  'system.errors.none': 'Aucun avertissement ni erreur depuis le démarrage du serveur.',
  'system.errors.time': 'Quand',
  'system.errors.level': 'Niveau',
  'system.errors.message': 'Ce qui s’est passé',
  'system.errors.code': 'Code',
  'system.errors.requestId': 'Requête',
  'system.level.warn': 'Avertissement',
  'system.level.error': 'Erreur',
  'system.level.fatal': 'Fatale',
  'system.unit.kb': '{value, number} Ko',
  'system.unit.mb': '{value, number} Mo',
  'system.unit.gb': '{value, number} Go',
  'system.duration':
    '{days, plural, =0 {} one {# jour, } other {# jours, }}{hours, plural, one {# heure} other {# heures}} et {minutes, plural, one {# minute} other {# minutes}}',
  'system.seconds': '{seconds, plural, one {# seconde} other {# secondes}}',
};
