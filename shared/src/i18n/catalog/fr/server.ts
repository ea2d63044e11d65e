import type { server as en } from '../en/server.ts';

export const server = {
  'field.required': 'Ce champ est obligatoire',
  'field.email': 'Cette adresse courriel n’est pas valide',
  'field.minLength': 'Ce champ doit compter au moins {min} caractères',
  'field.phone': 'Veuillez entrer un numéro de téléphone valide à 10 chiffres',
  'field.passwordLength': 'Le mot de passe doit compter au moins 8 caractères',
  'field.passwordsMatch': 'Les mots de passe doivent être identiques',
  'field.postalCode': 'Veuillez entrer un code postal canadien valide',
  'field.control': 'Veuillez retirer les caractères de contrôle de ce champ',
  'field.lineBreak': 'Veuillez écrire ce champ sur une seule ligne',
  'field.direction': 'Veuillez retirer de ce champ les caractères invisibles de direction du texte',
  'field.broken': 'Ce champ contient des caractères non permis',
  'field.notValid': 'Cette valeur n’est pas valide',
  'field.tooLong': 'Ce champ doit compter au plus {max} caractères',
  'field.timeZone': 'Veuillez choisir un fuseau horaire valide',
  'server.contactSent': 'Merci\u00a0! Votre message a été transmis à notre équipe.',
  'server.somethingWrong':
    '({status}) Une erreur s’est produite. Veuillez réessayer plus tard ou communiquer avec nous pour obtenir de l’aide.',
  'server.needsAuthentication':
    'Cette ressource exige une authentification. Veuillez communiquer avec votre administrateur système.',
  'server.noPermission':
    'Vous n’avez pas les autorisations requises pour accéder à cette ressource. Communiquez avec nous si vous croyez qu’il s’agit d’une erreur.',
  'server.addSpectator': 'Impossible d’ajouter le laissez-passer de spectateur. ',
  'server.removeSpectator': 'Impossible de retirer le laissez-passer de spectateur. ',
  'server.addLunch': 'Impossible d’ajouter le billet de dîner. ',
  'server.removeLunch': 'Impossible de retirer le billet de dîner. ',
  'error.offline':
    'Vous êtes hors ligne. Cette action exige une connexion\u00a0: réessayez quand le réseau sera revenu.',
  'server.invalidArgsField':
    'Cette modification était mal formée et n’a pas pu être appliquée. {field}\u00a0: {problem}',
  'server.invalidArgsProblem': 'Cette modification était mal formée et n’a pas pu être appliquée. {problem}',
  'server.tooLarge': 'La requête est trop volumineuse.',
  'server.requestNotValid': 'La requête n’est pas valide.',
  'server.unavailable': 'Le service est brièvement indisponible. Veuillez réessayer dans un instant.',
  'server.notFound': 'La ressource demandée est introuvable',
  'server.notFound.competitor': 'Le compétiteur est introuvable',
  'server.notFound.competitorLevel': 'Le niveau de compétiteur est introuvable',
  'server.notFound.division': 'La division est introuvable',
  'server.notFound.event': 'L’épreuve est introuvable',
  'server.notFound.eventType': 'Le type d’épreuve est introuvable',
  'server.notFound.matchmakingDraft': 'L’ébauche de jumelage est introuvable',
  'server.notFound.message': 'Le message est introuvable',
  'server.notFound.ring': 'L’aire est introuvable',
  'server.notFound.template': 'Le modèle est introuvable',
  'server.notFound.tournament': 'Le tournoi est introuvable',
  'registration.completed':
    'Cette inscription est terminée et ne peut plus être modifiée en ligne. Veuillez communiquer avec nous pour y apporter des changements.',
  'registration.alreadyCompleted': 'Cette inscription est déjà terminée.',
  'registration.closed': 'Les inscriptions en ligne sont présentement fermées',
  'registration.lunchNotOnSale': 'Les billets de dîner ne sont pas en vente pour ce tournoi.',
  'registration.noSpectatorToRemove': 'Il n’y a aucun laissez-passer de spectateur à retirer.',
  'registration.noLunchToRemove': 'Il n’y a aucun billet de dîner à retirer.',
  'registration.tooManyPasses': 'Au plus {max} peuvent être ajoutés à une inscription.',
  'registration.nothingToPay':
    'Veuillez ajouter un compétiteur, un laissez-passer de spectateur ou un billet de dîner avant de terminer l’inscription.',
  'registration.tooManyContacts':
    'Au plus {max} personnes-ressources peuvent être ajoutées à une inscription.',
  'registration.paymentUnavailable':
    'Le paiement en ligne n’est pas offert pour le moment. Veuillez réessayer plus tard.',
  'registration.cardUnavailable':
    'Le paiement par carte n’est pas offert pour le moment. Veuillez choisir de payer sur place.',
  'adminRegistration.noReceipt':
    'Cette inscription n’a pas encore de reçu\u00a0; il n’y a donc rien à renvoyer.',
  'adminRegistration.receiptResent': 'Le reçu a été envoyé de nouveau à {email}.',
  'adminRegistration.receiptNotSent':
    'Le reçu ne peut pas être envoyé par courriel pour le moment. Veuillez réessayer plus tard.',
  'adminRegistration.noEmail':
    'Cette inscription a été faite sur place sans compte\u00a0: il n’y a aucune adresse où envoyer le reçu. Imprimez-le plutôt à partir de « Voir le reçu ».',
  'adminRegistration.impersonationNotAllowed':
    'Seul un directeur de tournoi ou un super administrateur peut voir le site comme un client.',
  'adminRegistration.impersonationInvalid':
    'L’en-tête UserContext doit être un identifiant d’utilisateur numérique.',
  'adminRegistration.impersonationUnknown': 'Aucun compte ne correspond à cet identifiant d’utilisateur.',
  'adminRegistration.impersonationStaff':
    'Il est impossible de voir le site comme un membre du personnel\u00a0; seulement comme un client.',
  'eventType.judges': 'Choisissez 3 ou 5 juges',
  'eventType.score': 'Veuillez entrer un pointage de -9999 à 9999 avec au plus deux décimales',
  'eventType.scoreOrder': 'Le pointage le plus élevé doit être supérieur au plus bas',
  'eventType.minutes': 'Veuillez entrer un nombre de minutes supérieur à 0 (au plus 600, deux décimales)',
  'eventType.thirdPlace': 'Choisissez une troisième place partagée ou un combat pour la troisième place',
  'division.ageRange': 'L’âge minimum ne doit pas dépasser l’âge maximum',
  'division.weightRange': 'Le poids minimum ne doit pas dépasser le poids maximum',
  'division.sizeRange': 'La taille minimum ne doit pas dépasser la taille maximum',
  'tournamentDate.notADay': 'Veuillez entrer une date valide',
  'tournamentDate.opensBeforeCloses': 'Les inscriptions doivent ouvrir au plus tard le jour où elles ferment',
  'tournamentDate.closesBeforeTournament': 'Les inscriptions doivent fermer avant la date du tournoi',
  'server.matchmaking.confirmRepublish':
    'Publier de nouveau modifie des divisions déjà publiées\u00a0: vérifiez les changements et confirmez',
  'server.matchmaking.unknownEventType': 'L’un des types d’épreuve choisis n’existe plus',
  'server.matchmaking.alreadyPlaced': 'Le compétiteur est déjà dans une division de ce type d’épreuve',
  'server.matchmaking.notWaiting':
    'Cette division comprend des types d’épreuve pour lesquels le compétiteur n’attend pas d’être placé',
  'server.smsDisabled': 'Les notifications par texto sont désactivées (AllowSmsNotifications).',
  'user.registered':
    'Merci d’avoir créé un compte\u00a0! Consultez vos courriels\u00a0: un lien vous permettra de confirmer votre compte.',
  'user.verified': 'Votre compte est confirmé. Vous pouvez maintenant vous connecter.',
  'user.verifyFailed':
    'Ce lien de confirmation n’est pas valide, a déjà servi ou est expiré. Veuillez créer un compte de nouveau ou communiquer avec nous pour obtenir de l’aide.',
  'user.badCredentials': 'L’adresse courriel ou le mot de passe est incorrect.',
  'user.unverified':
    'Votre compte n’est pas encore confirmé. Veuillez suivre le lien du courriel que nous vous avons envoyé à la création du compte (il peut prendre jusqu’à 5 minutes à arriver).',
  'user.forgotSent':
    'Si un compte existe pour cette adresse courriel, nous lui avons envoyé un lien pour réinitialiser le mot de passe.',
  'user.resetDone': 'Votre mot de passe a été changé.',
  'user.resetFailed':
    'Ce lien de réinitialisation n’est pas valide, a déjà servi ou est expiré. Veuillez en demander un nouveau.',
  'user.refreshFailed': 'Votre session est expirée. Veuillez vous connecter de nouveau.',
  'user.loggedOut': 'Vous êtes déconnecté.',
  'user.googleUnavailable': 'La connexion avec Google n’est pas offerte.',
  'user.googleFailed':
    'La connexion avec Google a échoué. Veuillez réessayer ou vous connecter avec votre adresse courriel et votre mot de passe.',
  'user.googleUnverified': 'L’adresse courriel de votre compte Google n’est pas confirmée.',
  'user.commonPassword':
    'Ce mot de passe est parmi les plus courants et facile à deviner. Veuillez en choisir un autre.',
  'user.tooManyAttempts':
    'Trop de tentatives de connexion pour ce compte. Veuillez attendre 15 minutes ou vous connecter sur un appareil que vous avez déjà utilisé.',
  'door.registrationNotFound': 'Cette inscription n’est pas pour le prochain tournoi.',
  'door.paymentNotFound': 'Ce paiement n’appartient pas au prochain tournoi.',
  'door.paymentIdTaken': 'Cet identifiant de paiement appartient à une autre inscription.',
  'door.alreadyRecorded': 'Ce paiement a déjà été enregistré.',
  'door.alreadyVoided': 'Ce paiement a déjà été annulé.',
  'door.tenderedCashOnly': 'Seul un paiement comptant comporte de l’argent remis.',
  'door.tenderedTooLittle': 'L’argent remis doit être au moins égal au montant payé.',
  'door.amount': 'Veuillez entrer un montant en dollars entiers de 1 à 100000.',
  'door.method': 'Veuillez choisir comptant, terminal de paiement ou virement Interac.',
  'door.voidReason': 'Veuillez indiquer la raison de l’annulation de ce paiement.',
  'door.voidOnline': 'Les paiements en ligne sont remboursés par Stripe, pas annulés ici.',
  'door.competitorCount': 'Une inscription sur place compte de 1 à 10 compétiteurs.',
  'door.invalidCompetitor': 'Compétiteur {n}\u00a0: {problems}',
  'door.overBalance':
    'Ce paiement dépasse le solde dû ({owing}\u00a0$). Un directeur de tournoi doit confirmer un paiement supérieur au solde.',
  'door.overBalanceDirector':
    'Seul un directeur de tournoi ou un super administrateur peut confirmer un paiement supérieur au solde dû.',
  'checkIn.rule.competitorNotFound': 'Ce compétiteur n’est pas inscrit au prochain tournoi.',
  'checkIn.rule.registrationNotFound': 'Cette inscription n’est pas pour le prochain tournoi.',
  'checkIn.rule.noCompetitors': 'Cette inscription n’a aucun compétiteur dont confirmer l’arrivée.',
  'checkIn.rule.alreadyCheckedInBy': 'Arrivée déjà confirmée par {name}.',
  'checkIn.rule.alreadyCheckedIn': 'Arrivée déjà confirmée.',
  'mutation.unknown':
    'Cette modification ({name}) est inconnue du serveur\u00a0; veuillez mettre l’application à jour.',
  'mutation.invalidArgs': 'Cette modification était mal formée et n’a pas pu être appliquée.',
  'mutation.refusedByDatabase':
    'Cette modification était mal formée et n’a pas pu être appliquée\u00a0: le serveur n’a pas pu enregistrer l’une de ses valeurs. Veuillez vérifier ce qui a été saisi et le saisir de nouveau.',
  'file.empty': 'Le fichier est vide.',
  'file.tooLarge': 'Le fichier dépasse 10\u00a0Mo.',
  'file.wrongType': 'Seuls les fichiers PDF et les photos (JPEG, PNG, WebP ou HEIC) peuvent être partagés.',
  'file.pathInName': 'Le nom du fichier ne doit pas contenir de chemin de dossier.',
  'file.badName': 'Le nom du fichier contient des caractères non permis.',
  'file.longName': 'Le nom du fichier doit compter au plus {max} caractères.',
  'file.missing': 'Choisissez un fichier.',
  'file.chooseRegistration': 'Choisissez l’inscription à laquelle ce fichier se rapporte.',
  'file.tooManyFiles':
    'Cette inscription compte déjà {max} fichiers, le maximum permis. Supprimez un fichier que vous avez envoyé pour en envoyer un autre.',
  'file.registrationFull':
    'Avec ce fichier, les fichiers de cette inscription dépasseraient {max} ({used} utilisés jusqu’ici). Supprimez un fichier que vous avez envoyé pour faire de la place.',
  'file.tooManyUploads':
    'Trop de fichiers envoyés en peu de temps. Veuillez réessayer dans {minutes, plural, one {# minute} other {# minutes}}.',
  'file.diskFull':
    'Le site manque d’espace de stockage et ne peut pas recevoir de fichiers pour le moment. Veuillez réessayer plus tard ou apporter le document papier au tournoi.',
  'file.sizeMb': '{size, number, ::.0 group-off}\u00a0Mo',
  'file.sizeKb': '{size}\u00a0Ko',
  'ring.hasRun':
    '{name} a une division en cours ou terminée\u00a0; elle reste donc (ses résultats lui appartiennent)\u00a0: fermez-la plutôt.',
  'idempotency.badKey': 'L’en-tête Idempotency-Key doit compter de 1 à 255 caractères visibles.',
  'idempotency.otherRequest': 'Cette clé Idempotency-Key a déjà servi pour une autre requête.',
  'idempotency.stillRunning':
    'Une requête avec cette clé Idempotency-Key est encore en traitement. Veuillez réessayer dans un instant.',
  'server.rateLimited': 'Trop de requêtes. Veuillez attendre quelques minutes et réessayer.',
  'server.tooManyStreams':
    'Trop d’écrans sont à l’écoute à partir de cette adresse. Veuillez réessayer plus tard.',
  'server.nothingToCopy': 'Ce tournoi n’a aucune ébauche de jumelage dont copier les règles',
  'server.unknownMergeField': 'Champ de fusion inconnu',
  'server.unknownMergeFields': 'Champ de fusion inconnu\u00a0: {fields}',
  'server.matchmaking.sameLevel': 'Tous les membres de cette division sont du même niveau',
  'server.matchmaking.sameAge': 'Tous les membres de cette division ont le même âge',
  'server.matchmaking.sameWeight': 'Tous les membres de cette division ont le même poids',
  'server.matchmaking.combineItself': 'Une division ne peut pas être combinée avec elle-même',
  'server.matchmaking.combineEventTypes':
    'Seules des divisions des mêmes types d’épreuve peuvent être combinées',
  'server.matchmaking.alreadyInDivision': 'Le compétiteur est déjà dans cette division',
  'server.matchmaking.notInDivision': '{competitor} n’est pas dans la division {division}',
  'server.matchmaking.alreadyIn': '{competitor} est déjà dans la division {division}',
  'server.matchmaking.combined': 'Division {target} combinée avec {source}',
  'server.matchday.ringBusy': '{ring} présente la division {division}\u00a0: terminez-la d’abord.',
} satisfies Record<keyof typeof en, string>;
