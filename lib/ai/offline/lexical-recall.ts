/** A piece of the model's context the offline model may quote: one message, by role and position. */
export interface ContextEntry {
  role: string;
  /** 1-based position of the message in the model's prompt. */
  position: number;
  text: string;
}

export interface Recall {
  entry: ContextEntry;
  /** The best-matching sentence or line of the entry, as written. */
  quote: string;
  score: number;
  /** Question terms the quote contains. */
  matched: string[];
}

const STOPWORDS = new Set(
  `a about above after again all also am an and any are as at be been before being below between both but by can
  could did do does doing down during each earlier few for from further given had has have having he her here hers
  him his how i if in into is it its just know let like me mention mentioned more most my no nor not now of off on
  once only or other our out over own please said same say she should so some such tell than that the their them
  then there these they this those through to too under until up very was we were what when where which while who
  whom why will with would you your yours`.split(/\s+/),
);

/** The words of a text that carry meaning: lower-cased, without stopwords and one-letter words. */
export function contentTerms(text: string): string[] {
  const terms: string[] = [];
  for (const match of text.toLowerCase().matchAll(/[\p{L}\p{N}][\p{L}\p{N}_-]*/gu)) {
    const word = match[0].replace(/[-_]+$/, '');
    if (word.length < 2 || STOPWORDS.has(word)) continue;
    terms.push(word);
  }
  return terms;
}

function sentencesOf(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?])\s+(?=[A-Z0-9"“(])/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}

/**
 * The sentence of the context that best matches the question, scored by the question terms it
 * contains weighted by how rare each term is across the context (so "the" never wins and a
 * password that appears once does). Ties go to the later message, the fresher fact. Null when no
 * sentence shares a term with the question.
 */
export function recall(question: string, context: readonly ContextEntry[], ignore: (sentence: string) => boolean = () => false): Recall | null {
  const queryTerms = [...new Set(contentTerms(question))];
  if (queryTerms.length === 0) return null;
  const candidates = context.flatMap((entry) =>
    sentencesOf(entry.text)
      .filter((sentence) => !ignore(sentence))
      .map((sentence) => ({ entry, sentence, terms: new Set(contentTerms(sentence)) })),
  );
  const documentFrequency = new Map<string, number>();
  for (const candidate of candidates)
    for (const term of queryTerms) if (candidate.terms.has(term)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);

  let best: Recall | null = null;
  for (const candidate of candidates) {
    const matched = queryTerms.filter((term) => candidate.terms.has(term));
    if (matched.length === 0) continue;
    const score = matched.reduce((sum, term) => sum + Math.log(1 + candidates.length / documentFrequency.get(term)!), 0);
    if (best === null || score > best.score + 1e-9 || (Math.abs(score - best.score) <= 1e-9 && candidate.entry.position >= best.entry.position)) {
      best = { entry: candidate.entry, quote: candidate.sentence, score, matched };
    }
  }
  return best;
}
