/**
 * Every calculated amount carries its explanation: a message key the web translates
 * (`apps/web/src/locales/{pl,en}/settlement.json`) and the rule inputs as interpolation params.
 */

/** Interpolation params of an explanation; decimals travel as strings, counts as numbers. */
export type ExplanationParams = Readonly<Record<string, string | number>>;

/** Why an amount is what it is: `code` is a translation key, `params` the rule inputs. */
export interface Explanation {
  code: string;
  params: ExplanationParams;
}

/** Builds an explanation. */
export function explain(code: string, params: ExplanationParams = {}): Explanation {
  return { code, params };
}

/**
 * Paragraphs of Rozporządzenie MPiPS z 29.01.2013 (Dz.U. 2013 poz. 167 as amended) cited by the
 * explanations, written as Polish lawyers write them.
 */
export const PARAGRAPH = {
  mileage: '§ 3 ust. 3',
  domesticShortNone: '§ 7 ust. 2 pkt 1 lit. a',
  domesticShortHalf: '§ 7 ust. 2 pkt 1 lit. b',
  domesticShortFull: '§ 7 ust. 2 pkt 1 lit. c',
  domesticFullDoba: '§ 7 ust. 2 pkt 2',
  domesticPartialHalf: '§ 7 ust. 2 pkt 2 lit. a',
  domesticPartialFull: '§ 7 ust. 2 pkt 2 lit. b',
  domesticFullBoard: '§ 7 ust. 3 pkt 2',
  domesticBreakfast: '§ 7 ust. 4 pkt 1',
  domesticLunch: '§ 7 ust. 4 pkt 2',
  domesticDinner: '§ 7 ust. 4 pkt 3',
  domesticHotel: '§ 8 ust. 1',
  domesticHotelOverLimit: '§ 8 ust. 2',
  domesticNightLumpSum: '§ 8 ust. 3–4',
  domesticNightSixHours: '§ 8 ust. 4',
  domesticNoNightInTransit: '§ 8 ust. 5',
  domesticLocalTransport: '§ 9 ust. 1',
  domesticLocalTransportNoCosts: '§ 9 ust. 2',
  foreignTime: '§ 12',
  foreignPerDiem: '§ 13 ust. 3',
  foreignFullDoba: '§ 13 ust. 3 pkt 1',
  foreignPartialThird: '§ 13 ust. 3 pkt 2 lit. a',
  foreignPartialHalf: '§ 13 ust. 3 pkt 2 lit. b',
  foreignPartialFull: '§ 13 ust. 3 pkt 2 lit. c',
  foreignFullBoard: '§ 14 ust. 1',
  foreignBreakfast: '§ 14 ust. 2 pkt 1',
  foreignLunch: '§ 14 ust. 2 pkt 2',
  foreignDinner: '§ 14 ust. 2 pkt 3',
  foreignHospital: '§ 15',
  foreignHotel: '§ 16 ust. 1',
  foreignNightLumpSum: '§ 16 ust. 2',
  foreignHotelOverLimit: '§ 16 ust. 3',
  foreignTransfers: '§ 17 ust. 1',
  foreignTransfersOneWay: '§ 17 ust. 2',
  foreignLocalTransport: '§ 17 ust. 3',
  foreignLumpSumsExcluded: '§ 17 ust. 4',
  domesticPartsOfForeignTrip: '§ 21',
} as const;
