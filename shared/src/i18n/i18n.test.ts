import { describe, expect, it } from 'vitest';
import { formatters } from './format.ts';
import { fromAcceptLanguage, pickLocale } from './locale.ts';
import { msg, sentences, translateText } from './message-ref.ts';
import { translatorFor } from './translators.ts';

const NBSP = '\u00a0';

describe('choosing the language', () => {
  it('takes the account, then the cookie, then Accept-Language, then English', () => {
    expect(pickLocale({ account: 'fr', cookie: 'en', acceptLanguage: 'en' })).toBe('fr');
    expect(pickLocale({ account: null, cookie: 'fr', acceptLanguage: 'en-CA' })).toBe('fr');
    expect(pickLocale({ cookie: 'de', acceptLanguage: 'fr-CA,fr;q=0.9,en;q=0.8' })).toBe('fr');
    expect(pickLocale({ acceptLanguage: 'de-DE,es;q=0.5' })).toBe('en');
    expect(pickLocale({})).toBe('en');
  });

  it('reads Accept-Language by its weights, not its order', () => {
    expect(fromAcceptLanguage('en;q=0.4, fr-CA;q=0.9')).toBe('fr');
    expect(fromAcceptLanguage('fr;q=0, en')).toBe('en');
    expect(fromAcceptLanguage(['fr-CA', 'en-US'])).toBe('fr');
    expect(fromAcceptLanguage('*')).toBeUndefined();
  });
});

describe('formats', () => {
  const en = formatters(translatorFor('en'), 'America/Toronto');
  const fr = formatters(translatorFor('fr'), 'America/Toronto');
  const afternoon = '2027-02-27T19:30:00Z'; // 2:30 p.m. in Toronto

  it('write dates, times and money as each language does, in the tournament zone', () => {
    expect(en.date('2027-02-27')).toBe('Saturday, February 27, 2027');
    expect(fr.date('2027-02-27')).toBe('samedi 27 février 2027');
    expect(en.clock(afternoon)).toBe('2:30 p.m. EST');
    expect(fr.clock(afternoon)).toBe('14 h 30 HNE');
    expect(en.money(45)).toBe('$45');
    expect(en.money(12.5)).toBe('$12.50');
    expect(fr.money(45)).toBe(`45,00${NBSP}$`);
    expect(fr.number(1234.5)).toBe(`1${NBSP}234,5`);
  });

  it('say an estimate as one', () => {
    expect(en.about(afternoon)).toBe('about 2:30 p.m.');
    expect(fr.about(afternoon)).toBe('vers 14 h 30');
  });
});

describe('message references', () => {
  it('carry a key and its values to whoever shows them, in that reader’s language', () => {
    const ref = msg('format.about', { time: '10:45' });
    expect(translateText(translatorFor('en'), ref)).toBe('about 10:45');
    expect(translateText(translatorFor('fr'), ref)).toBe('vers 10:45');
  });

  it('leave any other text as it is', () => {
    expect(translateText(translatorFor('fr'), 'Boys 8-9 Beginner')).toBe('Boys 8-9 Beginner');
  });

  it('follow one another, each translated, when several are shown together', () => {
    const three = sentences([
      msg('competitor.gender'),
      'As typed.',
      msg('competitor.weightRequired', { eventName: 'Kumite' }),
    ]);
    expect(translateText(translatorFor('en'), three)).toBe(
      'Please choose a gender As typed. Weight is required to enter Kumite',
    );
    expect(translateText(translatorFor('fr'), three)).toBe(
      'Veuillez choisir un genre As typed. Le poids est obligatoire pour s’inscrire à Kumite',
    );
    expect(sentences([msg('competitor.gender')])).toBe(msg('competitor.gender'));
    expect(sentences([])).toBe('');
  });
});
