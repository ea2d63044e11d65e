import type { common as en } from '../en/common.ts';

export const common = {
  'format.about': 'vers {time}',
  'app.manifest.name': 'Championnat d’arts martiaux du Nord de l’Ontario',
  'app.manifest.description':
    'Inscription, arrivées et jour de compétition du Championnat d’arts martiaux du Nord de l’Ontario.',
  'language.switchTo': 'English',
  'language.switchToShort': 'EN',
  'language.switchLabel': 'Read this site in English',

  'common.close': 'Fermer',
  'common.cancel': 'Annuler',
  'common.edit': 'Modifier',
  'common.logout': 'Se déconnecter',
  'common.tryAgain': 'Réessayer',
  'common.loading': 'Chargement…',
  'common.select': 'Choisir…',
  'common.opensInNewTab': ' (s’ouvre dans un nouvel onglet)',
  'common.somethingWentWrong': 'Une erreur s’est produite.',
  'common.backHome': 'Retour à la page d’accueil',
  'common.skipToContent': 'Aller au contenu',
  'common.dismissAlert': 'Fermer l’alerte',
  'common.notifications': 'Notifications',
  'common.closeNotification': 'Fermer la notification',
  'common.scheme.dark': 'Passer au mode sombre',
  'common.scheme.light': 'Passer au mode clair',

  'common.staffHeader.staff': 'Personnel',
  'common.staffHeader.account': 'Compte',
  'common.staffHeader.publicSite': 'Site public',
  'common.admin.nav': 'Administration',
  'common.admin.more': 'Plus',

  'common.list.order': 'Ordre',
  'common.list.actions': 'Actions',
  'common.list.editItem': 'Modifier {label}',
  'common.list.moveUp': 'Monter {label}',
  'common.list.moveDown': 'Descendre {label}',
  'common.list.remove': 'Supprimer',
  'common.list.removeItem': 'Supprimer {label}',
  'common.list.confirmRemove': 'Confirmer la suppression',
  'common.list.confirmRemoveItem': 'Confirmer la suppression de {label}',

  'common.field.firstName': 'Prénom',
  'common.field.lastName': 'Nom de famille',
  'common.field.email': 'Courriel',
  'common.competitor.dateOfBirth': 'Date de naissance',
  'common.competitor.gender': 'Sexe',
  'common.competitor.male': 'Masculin',
  'common.competitor.female': 'Féminin',
  'common.competitor.level': 'Niveau du compétiteur',
  'common.competitor.weight': 'Poids (kg)',
  'common.competitor.school': 'École ou club',
  'common.competitor.emergencyName': 'Nom de la personne à joindre en cas d’urgence',
  'common.competitor.emergencyPhone': 'Téléphone de la personne à joindre en cas d’urgence',
  'common.competitor.relationship': 'Lien avec le compétiteur',

  'common.door.search': 'Rechercher par nom ou par code de confirmation',
  'common.door.noMatch': 'Aucune inscription ne correspond.',
  'common.door.showing': '{shown} sur {total} affichées\u00a0: précisez la recherche.',
  'common.door.paymentMethod': 'Mode de paiement',
  'common.door.amount': 'Montant ($)',
  'common.door.tendered': 'Montant remis ($)',
  'common.door.changeDue': 'Monnaie à rendre\u00a0: {amount}',
  'common.door.tenderedInvalid': 'Inscrivez l’argent remis en dollars entiers, ou laissez le champ vide.',

  // « Filles 10-11 ans Intermediate », « Hommes 35 ans et plus Black Belt jusqu’à 70 kg » : les
  // noms de niveaux sont des données, tels que saisis.
  'division.title':
    '{gender, select, girls {Filles} boys {Garçons} women {Femmes} men {Hommes} other {Mixte}}' +
    ' {age, select, open {{minAge} ans et plus} one {{minAge} ans} other {{minAge}-{maxAge} ans}}' +
    '{withLevels, select, yes { {levels}} other {}}' +
    '{weight, select,' +
    ' range { {minKg, number, kg}-{maxKg, number, kg}\u00a0kg}' +
    ' upTo { jusqu’à {maxKg, number, kg}\u00a0kg}' +
    ' over { {minKg, number, kg}\u00a0kg et plus}' +
    ' other {}}',
  'division.title.part': '{title} ({part})',

  'common.sync.label': 'État de la synchronisation',
  'common.sync.workingOffline': 'Travail hors ligne.',
  'common.sync.offlineExplained':
    'Tout ce que vous faites est conservé sur cet appareil et envoyé au retour du réseau.',
  'common.sync.offline': 'Hors ligne',
  'common.sync.online': 'En ligne',
  'common.sync.checking': 'Recherche des modifications non envoyées…',
  'common.sync.allSent': 'Toutes les modifications sont envoyées',
  'common.sync.nothingToSend': 'Aucune modification à envoyer',
  'common.sync.pending':
    '{count, plural, one {# modification pas encore envoyée} other {# modifications pas encore envoyées}}',
  'common.sync.lastSynced': 'Dernière synchronisation\u00a0: {time}',
  'common.sync.notSynced': 'Pas encore synchronisé',
  'common.sync.syncing': 'Synchronisation…',
  'common.sync.discard': 'Les abandonner',
  'common.sync.discardConfirm':
    'Abandonner les modifications que l’autre compte n’a pas envoyées\u00a0? Elles ne pourront pas être récupérées.',
  'common.sync.sessionExpired':
    'Votre session a expiré\u00a0: reconnectez-vous pour envoyer vos modifications. Rien n’est perdu.',
  'common.sync.syncNow': 'Synchroniser',
  'common.sync.refused': '{count, plural, one {# modification refusée} other {# modifications refusées}}',
  'common.sync.otherPersons':
    'Cette tablette contient des modifications d’un autre compte qui ne sont pas encore envoyées. Connectez-vous avec ce compte pour les envoyer, ou abandonnez-les.',
  'common.sync.signInAgain': 'Reconnectez-vous pour envoyer vos modifications.',
  'common.sync.serverRefused': 'Le serveur a refusé cette modification.',
  'common.sync.firstSync':
    'Chargement des inscriptions depuis le serveur… Cet écran fonctionnera hors ligne une fois qu’elles seront arrivées.',
  'common.sync.sent': 'Envoi terminé\u00a0: {list}',
  'common.sync.sentAnd': '{first} et {last}',
  'common.sync.sent.checkIns': '{count, plural, one {# arrivée confirmée} other {# arrivées confirmées}}',
  'common.sync.sent.undoneCheckIns': '{count, plural, one {# arrivée annulée} other {# arrivées annulées}}',
  'common.sync.sent.familyCheckIns':
    '{count, plural, one {# arrivée de famille confirmée} other {# arrivées de famille confirmées}}',
  'common.sync.sent.payments': '{count, plural, one {# paiement} other {# paiements}}',
  'common.sync.sent.voidedPayments': '{count, plural, one {# paiement annulé} other {# paiements annulés}}',
  'common.sync.sent.walkIns':
    '{count, plural, one {# inscription sur place} other {# inscriptions sur place}}',
  'common.sync.sent.changes': '{count, plural, one {# modification} other {# modifications}}',

  'common.pwa.updateAvailable': 'Mise à jour disponible',
  'common.pwa.update': 'Mettre à jour',
  'common.pwa.updating': 'Mise à jour…',
  'common.pwa.pending':
    '{count, plural, one {# modification n’est pas encore envoyée au serveur.} other {# modifications ne sont pas encore envoyées au serveur.}}',
  'common.pwa.updateQuestion':
    '{count, plural, one {Elle est conservée et envoyée après la mise à jour. Mettre à jour maintenant\u00a0?} other {Elles sont conservées et envoyées après la mise à jour. Mettre à jour maintenant\u00a0?}}',
  'common.pwa.logoutQuestion':
    '{count, plural, one {La déconnexion la supprime. Se déconnecter quand même\u00a0?} other {La déconnexion les supprime. Se déconnecter quand même\u00a0?}}',
  'common.pwa.unsent':
    'Des modifications faites sur cet appareil ne sont pas encore envoyées. Reconnectez-vous pour les envoyer.',
  'common.pwa.signIn': 'Se connecter',
} satisfies Record<keyof typeof en, string>;
