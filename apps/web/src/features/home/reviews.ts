/** The home page's reviews (a module of their own: the carousel is below the fold and loads after the first paint). */
export interface TReview {
  name: string;
  country: string;
  text: string;
}

export const REVIEWS: readonly TReview[] = [
  {
    name: 'Emma',
    country: 'Ireland',
    text: 'The stories are short enough to finish on my lunch break, and the sentence-by-sentence translations mean I never feel lost.',
  },
  {
    name: 'Lucas',
    country: 'Brazil',
    text: 'I moved to Kraków for work. After three months of the dialogues I could order, ask for directions and chat with my neighbours.',
  },
  {
    name: 'Aiko',
    country: 'Japan',
    text: 'Polish sounds scared me at first. Listening to the slow Moon story every evening made sz, cz and rz finally click.',
  },
  {
    name: 'Daniel',
    country: 'Canada',
    text: 'My grandparents spoke Polish and I never learned it. Now I read the history lessons and call my aunt in Gdańsk in Polish.',
  },
  {
    name: 'Sofia',
    country: 'Italy',
    text: 'Clear, friendly and never boring. The exercises after each story show me exactly which words I still need to review.',
  },
  {
    name: 'Mehmet',
    country: 'Turkey',
    text: 'The podcast keeps me practising on the bus. Real Polish, spoken clearly, with transcripts when I need them.',
  },
];
