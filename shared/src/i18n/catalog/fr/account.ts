import type { account as en } from '../en/account.ts';

export const account = {
  // auth : connexion, création de compte, vérification, nouveau mot de passe
  'auth.field.email': 'Courriel',
  'auth.field.password': 'Mot de passe',
  'auth.field.newPassword': 'Nouveau mot de passe',
  'auth.field.confirmPassword': 'Confirmer le mot de passe',
  'auth.field.firstName': 'Prénom',
  'auth.field.lastName': 'Nom',
  'auth.field.phoneNumber': 'Numéro de téléphone',
  'auth.field.addressLine1': 'Adresse (ligne 1)',
  'auth.field.addressLine2': 'Adresse (ligne 2)',
  'auth.field.city': 'Ville',
  'auth.field.province': 'Province',
  'auth.field.postalCode': 'Code postal',
  'auth.login.description': 'Connectez-vous pour inscrire des compétiteurs et des spectateurs au tournoi.',
  'auth.login.heading': 'Connexion',
  'auth.login.title': 'Connexion',
  'auth.login.button': 'Se connecter',
  'auth.login.forgot': 'Mot de passe oublié\u00a0?',
  'auth.google.intro': 'Ou connectez-vous avec votre compte Google\u00a0:',
  'auth.forgot.description': 'Recevez un lien pour choisir un nouveau mot de passe.',
  'auth.forgot.title': 'Mot de passe oublié',
  'auth.forgot.sent':
    'Si un compte existe pour {email}, nous lui avons envoyé un courriel avec un lien pour choisir un nouveau mot de passe. Le lien est valide pendant une heure\u00a0; le courriel peut prendre jusqu’à 5 minutes à arriver.',
  'auth.forgot.intro':
    'Entrez l’adresse courriel de votre compte et nous vous enverrons un lien pour choisir un nouveau mot de passe.',
  'auth.forgot.button': 'Envoyer le lien',
  'auth.register.description': 'Créez un compte pour inscrire des compétiteurs au tournoi.',
  'auth.register.pagePrefix': 'Page\u00a0: ',
  'auth.register.title': 'Créer un compte',
  'auth.register.button': 'Créer un compte',
  'auth.register.haveAccount': 'Vous avez déjà un compte\u00a0? <link>Connectez-vous</link>',
  'auth.register.privacy':
    'Nous conservons vos renseignements, et ceux de vos compétiteurs, uniquement pour organiser le tournoi. Consultez notre <link>politique de confidentialité</link>.',
  'auth.status.todayTitle': 'Tournoi aujourd’hui\u00a0!',
  'auth.status.closedTitle': 'L’inscription en ligne est présentement fermée',
  'auth.status.noneTitle': 'Merci de votre intérêt\u00a0!',
  'auth.status.openTitle': 'Vous n’avez pas de compte\u00a0?',
  'auth.status.todayText': 'Aujourd’hui, l’inscription se fait sur place seulement, de {times}.',
  'auth.status.defaultTimes': '8 h 30 à 10 h',
  'auth.status.opensSoon': 'L’inscription ouvre bientôt\u00a0! L’inscription en ligne ouvre le {date}.',
  'auth.status.signUpText':
    'Créez un compte pour inscrire des compétiteurs{lunch, select, yes {, des spectateurs et des dîners} other { et des spectateurs}} au tournoi.',
  'auth.status.closedText': 'Revenez nous voir pour le prochain tournoi.',
  'auth.status.noneText': 'Le prochain tournoi n’a pas encore été annoncé. Revenez nous voir bientôt.',
  'auth.verification.description': 'Vérification de votre adresse courriel.',
  'auth.verification.doneTitle': 'Merci\u00a0!',
  'auth.verification.failedTitle': 'Oups\u00a0!',
  'auth.verification.done': 'Votre compte a été vérifié. Vous pouvez maintenant <link>vous connecter</link>.',
  'auth.verification.failed':
    'Nous n’avons pas pu vérifier votre compte. Essayez le lien de nouveau ou <link>écrivez-nous</link> pour obtenir de l’aide.',
  'auth.pending.description': 'Vérifiez votre adresse courriel pour terminer la création de votre compte.',
  'auth.pending.title': 'Merci d’avoir créé un compte, {firstName}\u00a0!',
  'auth.pending.sent':
    'Nous avons envoyé un courriel à <strong>{email}</strong> avec un lien pour vérifier votre compte. Suivez ce lien pour terminer la création de votre compte.',
  'auth.pending.delay':
    'Le courriel peut prendre jusqu’à 5 minutes à arriver. Si vous ne le trouvez pas, vérifiez votre dossier de courrier indésirable.',
  'auth.reset.description': 'Choisissez un nouveau mot de passe pour votre compte.',
  'auth.reset.title': 'Nouveau mot de passe',
  'auth.reset.button': 'Changer le mot de passe',
  'auth.reset.done': 'Votre mot de passe a été changé. <link>Se connecter</link>',
} satisfies Record<keyof typeof en, string>;
