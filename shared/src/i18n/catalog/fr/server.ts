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
  'matchday.rule.ringNotFound': 'Cette aire n’est pas une aire du prochain tournoi.',
  'matchday.rule.divisionNotFound': 'Cette division n’est pas publiée pour le prochain tournoi.',
  'matchday.rule.notOnRing': 'Assignez la division à une aire avant de la commencer.',
  'matchday.rule.ringBusy': '{ring}\u00a0: la division {title} est déjà en cours. Terminez-la d’abord.',
  'matchday.rule.thisRingBusy':
    'Cette aire\u00a0: la division {title} est déjà en cours. Terminez-la d’abord.',
  'matchday.rule.alreadyCompleted': 'Cette division est déjà terminée.',
  'matchday.rule.alreadyStarted': 'Cette division était déjà commencée.',
  'matchday.rule.notStarted': 'Commencez la division avant d’en enregistrer les résultats.',
  'matchday.rule.completedUseCorrection':
    'Cette division est terminée\u00a0: un directeur en corrige le résultat avec «\u00a0Corriger le résultat\u00a0».',
  'matchday.rule.startedStays': 'Une division commencée reste dans son aire.',
  'matchday.rule.eventTypeNotInDivision': 'Cette division ne comprend pas ce type d’épreuve.',
  'matchday.rule.notJudged': 'Ce type d’épreuve se décide par un tableau, pas par des juges.',
  'matchday.rule.notBracket': 'Ce type d’épreuve se décide par des juges, pas par un tableau.',
  'matchday.rule.judgeOutOfRange': 'Ce type d’épreuve compte {judges} juges.',
  'matchday.rule.scoreOutOfRange':
    'Les pointages vont de {min, number, ::group-off} à {max, number, ::group-off}, avec au plus deux décimales.',
  'matchday.rule.notEntered': 'Ce compétiteur ne fait pas partie de la division.',
  'matchday.rule.noShow': 'Ce compétiteur est marqué absent.',
  'matchday.rule.matchNotFound': 'Ce combat ne fait pas partie du tableau.',
  'matchday.rule.matchNotReady': 'Les compétiteurs de ce combat ne sont pas encore connus.',
  'matchday.rule.notInMatch': 'Le gagnant doit être l’un des deux compétiteurs du combat.',
  'matchday.rule.incomplete': 'Les résultats ne sont pas complets\u00a0: {what}.',
  'matchday.rule.notCompleted': 'Seul le résultat d’une division terminée peut être corrigé.',
  'matchday.rule.badPlacings':
    'Les rangs sont une 1re place, une 2e et une ou deux 3es (une 4e seulement avec une seule 3e), chacun attribué une seule fois à un compétiteur de la division.',
  'matchday.rule.noOpenRing': 'Ouvrez d’abord une aire.',
  'matchday.rule.notNextTournament':
    'Les paramètres du jour de compétition ne sont conservés que pour le prochain tournoi.',
  'matchday.rule.groupAgesReversed': 'L’âge le plus bas d’un groupe dépasse son âge le plus haut.',
  'matchday.rule.groupIdsRepeated': 'Deux groupes ont le même identifiant.',
  'matchday.rule.supersededScore': 'Un pointage plus récent ({value, number, ::group-off}) a été retenu.',
  'matchday.rule.supersededScoreBy':
    'Un pointage plus récent ({value, number, ::group-off}, saisi par {by}) a été retenu.',
  'matchday.rule.supersededWinner': 'Une saisie plus récente a été retenue pour ce combat.',
  'matchday.rule.supersededWinnerBy':
    'Une saisie plus récente, faite par {by}, a été retenue pour ce combat.',
  'mutation.refused.checkIn': 'Arrivée non enregistrée',
  'mutation.refused.undoCheckIn': 'Annulation de l’arrivée non enregistrée',
  'mutation.refused.recordDoorPayment': 'Paiement non enregistré',
  'mutation.refused.voidPayment': 'Annulation du paiement non enregistrée',
  'mutation.refused.registerWalkIn': 'Inscription sur place non enregistrée',
  'mutation.refused.setRingOpen': 'Aire non modifiée',
  'mutation.refused.assignDivision': 'Division non déplacée',
  'mutation.refused.reorderQueue': 'Ordre de la file non modifié',
  'mutation.refused.balanceRings': 'Aires non équilibrées',
  'mutation.refused.startDivision': 'Division non commencée',
  'mutation.refused.markNoShow': 'Absence non enregistrée',
  'mutation.refused.recordScore': 'Pointage non enregistré',
  'mutation.refused.recordMatchWinner': 'Gagnant non enregistré',
  'mutation.refused.completeDivision': 'Division non terminée',
  'mutation.refused.correctResult': 'Résultat non corrigé',
  'mutation.refused.setLeaderboardGroups': 'Groupes du classement non enregistrés',
  'door.voidReasonLength': 'La raison doit compter au plus {max} caractères',
  'competitor.dateOfBirth': 'Veuillez entrer une date de naissance au format AAAA-MM-JJ',
  'competitor.implausibleDateOfBirth': 'Veuillez entrer une date de naissance vraisemblable',
  'competitor.gender': 'Veuillez choisir un genre',
  'competitor.level': 'Veuillez choisir un niveau de compétiteur',
  'competitor.weight': 'Veuillez entrer un poids en kilogrammes entre 10 et 250',
  'competitor.weightRequired': 'Le poids est obligatoire pour s’inscrire à {eventName}',
  'competitor.atLeastOneEvent': 'Veuillez choisir au moins une épreuve',
  'competitor.unknownEvent': 'Veuillez choisir des épreuves offertes à ce tournoi',
  'competitor.unknownLevel': 'Veuillez choisir un niveau de compétiteur dans la liste',
  'competitor.guardianConsent':
    'Un parent ou tuteur doit donner son consentement pour un compétiteur de moins de 18 ans',
  'text.sentences': '{first} {rest}',
  'tournamentWindow.outside':
    '{what, select, payment {Un paiement daté} checkIn {Une arrivée datée} other {Une inscription sur place datée}} du {day, date, day} est en dehors des dates de ce tournoi\u00a0: du jour de l’ouverture des inscriptions ({from, date, day}) au lendemain du tournoi ({until, date, day}). Vérifiez la date et l’heure de cet appareil.',
  'server.matchmaking.tooSmall': 'Trop petite\u00a0: {n} pour un minimum de {min}',
  'server.matchmaking.tooLarge': 'Trop grande\u00a0: {n} pour un maximum de {max}',
  'server.matchmaking.outsideRule': 'Hors de la règle de la division\u00a0: {name}, {age} ans',
  'server.matchmaking.unknownCompetitor': 'Le compétiteur {id} est inconnu',
  'server.matchmaking.pickSome': 'Choisissez une partie des compétiteurs de la division, ni aucun ni tous',
  'server.matchmaking.weightMissing': 'Certains compétiteurs de cette division n’ont aucun poids enregistré',
  'server.matchmaking.notInDivision': '{name} ne fait pas partie de {division}',
  'server.matchmaking.alreadyIn': '{name} fait déjà partie de {division}',
  'server.matchmaking.moveEventTypes':
    'Un compétiteur ne peut passer qu’entre des divisions des mêmes types d’épreuve',
  'server.matchmaking.movedOutsideRule': 'Déplacé ici hors de la règle\u00a0: {name}, {age} ans',
  'server.matchmaking.combined': 'Regroupement de {target} avec {source}',
  'server.matchmaking.noRule.age': 'Aucune règle de division n’accepte l’âge de {age} ans',
  'server.matchmaking.noRule.gender':
    'Aucune règle de division n’accepte {gender, select, male {les compétiteurs masculins} other {les compétitrices}} de {age} ans',
  'server.matchmaking.noRule.level':
    'Aucune règle de division n’accepte {gender, select, male {les compétiteurs masculins} other {les compétitrices}} de {age} ans au niveau {level}',
  'server.matchmaking.noRule.noLevel':
    'Aucune règle de division n’accepte {gender, select, male {les compétiteurs masculins} other {les compétitrices}} de {age} ans sans niveau',
  'server.matchmaking.noRule.noWeight': 'Aucun poids enregistré, et chaque règle qui convient en exige un',
  'server.matchmaking.noRule.weight':
    'Aucune règle de division n’accepte un poids de {weight}\u00a0kg pour {gender, select, male {les compétiteurs masculins} other {les compétitrices}} de {age} ans',
  'server.matchmaking.field.source':
    'Choisissez les inscriptions terminées ou seulement les arrivées confirmées',
  'server.matchmaking.field.eventTypes': 'Choisissez au moins un type d’épreuve',
  'server.matchmaking.field.pickCompetitors': 'Choisissez au moins un compétiteur',
  'server.matchmaking.field.nothingToChange': 'Rien à modifier',
  'server.matchmaking.divisionNotInDraft': 'La division est introuvable dans cette ébauche',
  'server.matchmaking.notPlacedYet': 'Pas encore dans une division',
} satisfies Record<keyof typeof en, string>;
