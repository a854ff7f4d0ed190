/** The seeded articles in German. */
import { link, type Edition } from './types.ts';

const SC_RISKS = [
  'Ein Gewinn bringt weniger ein als der Einsatz; ein Verlust kostet den gesamten Einsatz.',
  'Die meisten kurzfristigen Wetten verlieren auf Dauer Geld.',
];
const LEVER_RISKS = [
  'Ihr Hebelkonto nutzt Cross-Margin: Das gesamte Guthaben deckt jede Position.',
  'Fällt sie auf die Liquidationsgrenze (20 %), werden alle Positionen zum Marktpreis geschlossen.',
];
const SECURITY_RISKS = [
  'Niemand von der Plattform wird Sie jemals nach einem Code, Ihrem Passwort oder Ihrem Transaktionspasswort fragen, weder am Telefon noch im Chat oder per E-Mail.',
];

export const de: Edition = {
  'second-contracts': {
    title: 'Sekundenkontrakte sind verfügbar',
    summary: 'Wählen Sie eine Laufzeit von 30 Sekunden bis 5 Minuten und ob der Preis steigt oder fällt.',
    body:
      '<p>Sekundenkontrakte gibt es jetzt für BTC, ETH, BNB, SOL, XRP und DOGE. Wählen Sie Laufzeit, Einsatz und Richtung; über das Ergebnis entscheidet allein der Preis bei Ablauf.</p>' +
      `<h2>Bevor Sie beginnen</h2><ul><li>${SC_RISKS[0]}</li><li>${SC_RISKS[1]}</li></ul>` +
      `<p>Übertragen Sie zuerst USDT auf Ihr Sekundenkontrakt-Konto: ${link('/pages/assets/transferTomicro', 'jetzt übertragen')}.</p>`,
    risks: SC_RISKS,
  },
  'lever-risk-rate': {
    title: 'So funktioniert die Risikoquote Ihres Hebelkontos',
    summary: 'Eigenkapital geteilt durch Positionsmargin: Bei 20 % werden alle Positionen geschlossen.',
    body:
      `<p>${LEVER_RISKS[0]} Die Risikoquote ist Ihr Eigenkapital geteilt durch die Margin Ihrer offenen Positionen.</p>` +
      `<p>${LEVER_RISKS[1]} Die App warnt Sie, sobald die Quote unter das Doppelte dieser Grenze fällt.</p>` +
      `<p>Ihre Positionen sehen Sie auf der ${link('/pages/lever/leverList', 'Positionsseite')}.</p>`,
    risks: LEVER_RISKS,
  },
  'security-codes': {
    title: 'Geben Sie Ihren Bestätigungscode niemals weiter',
    summary: 'Unsere Mitarbeitenden fragen nie nach Ihrem Code, Passwort oder Transaktionspasswort.',
    body:
      `<p>Bestätigungscodes schützen Ihr Konto. ${SECURITY_RISKS[0]}</p>` +
      `<p>Prüfen Sie Ihre Einstellungen im ${link('/pages/mine/security', 'Sicherheitszentrum')}.</p>`,
    risks: SECURITY_RISKS,
  },
  'deposit-confirmations': {
    title: 'Einzahlungen: Warum Bestätigungen einige Minuten dauern',
    summary: 'Eine Einzahlung wird nach ihren Netzwerkbestätigungen gutgeschrieben; den Mindestbetrag sehen Sie vor dem Senden.',
    body: '<p>Jedes Netzwerk braucht eine Anzahl Bestätigungen, bevor eine Einzahlung endgültig ist. Die Einzahlungsseite zeigt Ihnen den Mindestbetrag und die Bestätigungen jedes Coins und Netzwerks, bevor Sie etwas senden.</p>',
    risks: [],
  },
  maintenance: {
    title: 'Geplante Wartung abgeschlossen',
    summary: 'Handel, Einzahlungen und Auszahlungen laufen wieder normal.',
    body: '<p>Die geplante Wartung ist abgeschlossen. Alle Dienste laufen normal. Vielen Dank für Ihre Geduld.</p>',
    risks: [],
  },
  fees: {
    title: 'Unsere Gebühren',
    summary: 'Spot 0,1 %, Hebel 0,05 % bei Eröffnung und Schließung, keine Gebühr für Übertragungen zwischen Ihren Konten.',
    body: '<p>Spot-Trades kosten 0,1 % dessen, was Sie erhalten. Hebelpositionen kosten 0,05 % ihres Werts bei der Eröffnung und erneut bei der Schließung, dazu 0,02 % pro Tag, den sie offen sind. Übertragungen zwischen Ihren eigenen Konten sind kostenlos.</p>',
    risks: [],
  },
  welcome: {
    title: 'Willkommen bei H5 Exchange',
    summary: 'Spot, Hebel und Sekundenkontrakte, Ein- und Auszahlungen in 20 Sprachen.',
    body: '<p>Willkommen! Beginnen Sie mit einer Einzahlung und handeln Sie dann Spot, mit Hebel oder Sekundenkontrakte. Hilfe ist im Kundensupport immer nur einen Tipp entfernt.</p>',
    risks: [],
  },
};
