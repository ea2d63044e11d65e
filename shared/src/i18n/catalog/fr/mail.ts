import type { mail as en } from '../en/mail.ts';

export const mail = {
  'mail.hello': 'Bonjour {firstName},',
  'mail.verify.subject': '{prefix} veuillez confirmer votre adresse courriel',
  'mail.verify.body':
    'Merci d’avoir créé un compte sur le site {siteName}. Veuillez suivre ce lien dans les 24 heures pour confirmer votre adresse courriel\u00a0:',
  'mail.alreadyRegistered.subject': '{prefix} vous avez déjà un compte',
  'mail.alreadyRegistered.body':
    'Quelqu’un (peut-être vous) a tenté de créer un compte sur le site {siteName} avec cette adresse courriel, mais vous avez déjà un compte. Vous pouvez vous connecter, ou réinitialiser votre mot de passe si vous l’avez oublié\u00a0:',
  'mail.reset.subject': '{prefix} réinitialisez votre mot de passe',
  'mail.reset.body':
    'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte {siteName}. Suivez ce lien d’ici une heure pour choisir un nouveau mot de passe. Si vous n’avez rien demandé, vous pouvez ignorer ce courriel.',
  'mail.languageSaved': 'Votre langue a été enregistrée.',
  'mail.inactive.subject':
    '{prefix} votre compte sera supprimé dans {days, plural, one {# jour} other {# jours}}',
  'mail.inactive.body':
    'Personne ne s’est connecté à votre compte {siteName} depuis {years} ans. Pour protéger vos renseignements, nous le supprimerons, avec ceux de vos compétiteurs, dans {days, plural, one {# jour} other {# jours}}. Les résultats restent, avec « Ancien athlète ». Pour garder votre compte, connectez-vous simplement :',

  'mail.list': '{rest} et {last}',
  'mail.merge.noFirstName': 'à vous',
  'mail.merge.toBeAnnounced': 'à confirmer',

  'mail.notice.upSoon.subject': 'Votre division commence bientôt ({ring})',
  'mail.notice.upSoon.textWith':
    'Votre division commence bientôt ({ring})\u00a0: {division}, avec {competitors}. Veuillez vous rendre à l’aire de compétition.',
  'mail.notice.published.subject': 'Les divisions de {competitor} sont publiées',
  'mail.notice.changed.subject': 'Changement de division pour {competitor}',
  'mail.notice.moved.text': 'Changement de division\u00a0: {competitor} passe de {from} à {to}.',
  'mail.notice.removed.text': 'Changement de division\u00a0: {competitor} ne fait plus partie de {from}.',
  'mail.notice.renamed.text':
    'Changement de division\u00a0: la division {from} de {competitor} s’appelle maintenant {to}.',
  'mail.notice.day.published': 'Les divisions sont publiées.',
  'mail.notice.day.heading': 'La journée de votre famille\u00a0:',
  'mail.notice.day.line': '{competitor}\u00a0: {division}, {ring}, vers {time}',
  'mail.notice.day.lineNoTime': '{competitor}\u00a0: {division}, {ring}',
  'mail.notice.day.lineNoRing': '{competitor}\u00a0: {division}, aire à confirmer',
  'mail.notice.day.empty': 'Aucune division pour le moment.',
  'mail.notice.day.link': 'Votre journée\u00a0: {link}',
  'mail.notice.rings.subject':
    '{divisions, plural, one {Aire et heure} other {Aires et heures}} pour {competitor}',
  'mail.notice.rings.heading':
    'Les aires et heures estimées de votre famille (les heures peuvent bouger pendant la journée)\u00a0:',
  'mail.notice.upSoon.several': 'Vos divisions commencent bientôt\u00a0: {divisions}. Rendez-vous aux aires.',
  'mail.notice.upSoon.item': '{division} ({ring}, {competitors})',
  'mail.notice.result.subject': 'Résultats\u00a0: {division}',
  'mail.notice.result.heading': 'Résultats de {division}\u00a0:',
  'mail.notice.result.correctedSubject': 'Résultats corrigés\u00a0: {division}',
  'mail.notice.result.correctedHeading':
    'Résultats corrigés de {division} (ils remplacent le message précédent)\u00a0:',
  'mail.notice.result.place':
    '{competitor}, {eventType}\u00a0: {place, plural, =1 {1re} other {#e}} place, {points} points',
  'mail.notice.result.noPlace': '{competitor}, {eventType}\u00a0: pas de place sur le podium',
  'mail.notice.closeReminder.subject':
    'Les inscriptions ferment bientôt\u00a0: votre inscription n’est pas terminée',
  'mail.notice.closeReminder.text':
    'Votre inscription au tournoi du {tournamentDay} n’est pas encore terminée.\nLes inscriptions en ligne ferment après le {closesAfter}.\nTerminez-la ici\u00a0: {link}',

  'mail.sms.stopLine': 'Répondez STOP pour ne plus recevoir ces messages.',
  'mail.unsubscribe.footer': 'Pour ne plus recevoir ces courriels, désabonnez-vous\u00a0: {url}',

  'mail.unsubscribe.title': 'Se désabonner',
  'mail.unsubscribe.question': 'Ne plus recevoir nos courriels à l’adresse <b>{address}</b>\u00a0?',
  'mail.unsubscribe.button': 'Me désabonner',
  'mail.unsubscribe.doneTitle': 'Vous êtes désabonné',
  'mail.unsubscribe.done':
    'Nous n’enverrons plus de courriels à <b>{address}</b>. Les reçus et les courriels de compte que vous demandez vous parviendront toujours.',
  'mail.unsubscribe.badLink':
    'Ce lien de désabonnement n’est pas valide. Veuillez utiliser le lien de votre courriel le plus récent.',

  'mail.receipt.subject': 'Votre reçu d’inscription\u00a0: {code}',
  'mail.receipt.code': 'Code de confirmation\u00a0: <b>{code}</b>',
  'mail.receipt.total': 'Total\u00a0: {amount}',
  'mail.receipt.paid': 'Payé\u00a0: {amount}',
  'mail.receipt.balance': 'Solde dû\u00a0: {amount}',
  'mail.receipt.link': 'Votre reçu\u00a0: {url}',
  'mail.receipt.showQr': 'Présentez le code QR de ce courriel (ou votre code de confirmation) aux arrivées.',
  'mail.receipt.qrAlt': 'Code QR pour les arrivées',
  'mail.receipt.view': 'Voir et imprimer votre reçu',
  // Receipts: stored as message references, read in each reader's language.
  'receipt.item.competitor': 'Inscription d’un compétiteur\u00a0: {name}',
  'receipt.item.competitorAtDoor': 'Inscription sur place d’un compétiteur\u00a0: {name}',
  'receipt.item.spectator': 'Laissez-passer de spectateur',
  'receipt.item.erasedCompetitor': 'Inscription d’un compétiteur',
  'receipt.item.erasedCompetitorAtDoor': 'Inscription sur place d’un compétiteur',
  'receipt.item.balance': 'Solde de l’inscription',
  'receipt.item.lunch': 'Billet de dîner',
  'receipt.title.payAtDoor': 'Inscription confirmée\u00a0: paiement sur place',
  'receipt.title.paidAtDoor': 'Inscription confirmée\u00a0: payée sur place',
  'receipt.title.paidOnline': 'Inscription confirmée\u00a0: payée en ligne',
  'receipt.title.voided': 'Paiement annulé',
  'receipt.description': 'Inscription no\u00a0{id}{where}\u00a0: {parts}. {paid}',
  'receipt.where': ' pour le tournoi du {day, date, day} à {city}',
  'receipt.parts':
    '{competitors, plural, one {# compétiteur} other {# compétiteurs}}{spectators, plural, =0 {} one {, # laissez-passer de spectateur} other {, # laissez-passer de spectateur}}{lunch, plural, =0 {} one {, # billet de dîner} other {, # billets de dîner}}',
  'receipt.balance':
    '{state, select, owing {Solde dû\u00a0: {amount, number, money}} refund {Remboursement dû\u00a0: {amount, number, money}} other {Payé en entier}}',
  'receipt.paid.voided':
    'Un paiement {method, select, online {en ligne} cash {en argent comptant} card {par terminal de carte} other {par virement Interac}} de {amount, number, money} a été annulé. {balance}.',
  'receipt.paid.payAtDoor': 'Paiement sur place\u00a0: solde dû de {amount, number, money}.',
  'receipt.paid.atDoor':
    'Payé sur place ({method, select, online {en ligne} cash {argent comptant} card {terminal de carte} other {virement Interac}})\u00a0: {amount, number, money}. {balance}.',
  'receipt.paid.online':
    'Payé en ligne\u00a0: {amount, number, money}. Solde dû\u00a0: {owing, number, money}.',
  'mail.invite.subject': '{prefix} vous êtes invité à aider à organiser le tournoi',
  'mail.invite.body':
    '{inviter} vous invite dans l’équipe du {siteName} comme {role, select, CheckInAdmin {responsable de l’accueil} RingOfficial {officiel de ring} TournamentDirector {directeur du tournoi} SuperAdmin {super administrateur} other {bénévole}}. Suivez ce lien dans les 72 heures pour choisir votre mot de passe; il ne sert qu’une fois. Si vous ne vous attendiez pas à ce courriel, vous pouvez l’ignorer.',
} satisfies Record<keyof typeof en, string>;
