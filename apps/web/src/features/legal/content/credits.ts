import type { TCreditsDocument } from './types';

/** Credits and attributions: open data and resources used by Polski Stories, with their authors and licences. */
export const CREDITS: TCreditsDocument = {
  title: 'Credits',
  intro: [
    'Polski Stories is built on the generous work of many people who share language data openly. This page credits the dictionaries, language data and other resources we use, together with their authors and licences. Thank you to all of them.',
    'The stories, dialogues, translations, exercises and podcast scripts of Polski Stories are our own work. The audio is spoken by a synthetic voice (eSpeak NG) unless the player says it is a native speaker recording. The resources below are used mainly by the word checker, by our spelling checks of the Polish texts, by the audio and by the pricing page.',
    'The scene illustrations of the Video Stories, the pictures of the nine learning paths on the Learn Polish page and the pictures of the home page, the podcast page, My words and Review are original drawings made for Polski Stories, and they belong to us like the stories they illustrate.',
  ],
  entries: [
    {
      title: 'FreeDict dictionaries',
      author: 'The FreeDict project and contributors; data from Wiktionary contributors',
      licence: 'CC BY-SA 3.0',
      url: 'https://freedict.org',
      note: 'Bilingual dictionaries used by the word checker to show the meanings of Polish words. The dictionaries we use are generated from Wiktionary data by the WikDict project and distributed by FreeDict.',
    },
    {
      title: 'WikDict',
      author: 'The WikDict project; data from Wiktionary contributors (extracted via DBnary)',
      licence: 'CC BY-SA 3.0',
      url: 'https://www.wikdict.com',
      note: 'Translation dictionaries built from Wiktionary, used by the word checker, the lesson word look-up and the offline translator. Our converted copies are shared under the same licence.',
    },
    {
      title: 'FreeDict English-Polish dictionary',
      author:
        'Tadeusz Piotrowski and Zygmunt Saloni (Nowy słownik angielsko-polski, 1992); converted by Katarzyna Głowińska, Marcin Woliński and Piotr Bański; the FreeDict project',
      licence: 'GNU Free Documentation License 1.2 or later',
      url: 'https://freedict.org',
      note: 'Used by the offline translator for English → Polish look-ups. Our copy is a modified version (converted format, idiom lines dropped), distributed under the same licence.',
    },
    {
      title: 'Morfologik',
      author: 'Marcin Miłkowski, Dawid Weiss and contributors',
      licence: 'BSD-2-Clause',
      url: 'https://github.com/morfologik/morfologik-stemming',
      note: 'Polish morphological dictionary (Morfologik 2.0 PoliMorf; Copyright (c) 2013, Marcin Miłkowski) used by the word checker and the offline translator to find the basic (dictionary) form of inflected words, for example kota → kot.',
    },
    {
      title: 'PoliMorf',
      author: 'The Morfologik project and the Institute of Computer Science, Polish Academy of Sciences',
      licence: 'BSD-2-Clause',
      url: 'http://zil.ipipan.waw.pl/PoliMorf',
      note: 'Morphological dictionary of Polish combining Morfologik and the Grammatical Dictionary of Polish (SGJP); used for lemmas and grammatical tags.',
    },
    {
      title: 'FrequencyWords (OpenSubtitles word frequencies)',
      author:
        'Hermit Dave (hermitdave/FrequencyWords), from the OpenSubtitles 2018 corpus (P. Lison and J. Tiedemann, opus.nlpl.eu); packaged for npm in @zxcvbn-ts/language-pl by Oskar Gmerek',
      licence: 'CC BY-SA 3.0 (the lists); MIT (the package)',
      url: 'https://github.com/hermitdave/FrequencyWords',
      note: 'The 28,000 most frequent Polish word forms in film and TV subtitles. We turn them into a list of the most frequent dictionary forms, which decides which words of a lesson are above its level and so belong in its vocabulary list. Our derived list is shared under the same licence.',
    },
    {
      title: 'Polish Hunspell dictionary (dictionary-pl)',
      author: 'The sjp.pl project and contributors; packaged for npm as dictionary-pl by Titus Wormer',
      licence: 'GPL-3.0 OR LGPL-3.0 OR MPL-2.0',
      url: 'https://sjp.pl',
      note: 'Used to check the spelling of the Polish texts in our lessons and podcast transcripts. Package: https://www.npmjs.com/package/dictionary-pl',
    },
    {
      title: 'GeoLite2 Country',
      author: 'MaxMind, Inc.',
      licence: 'CC BY-SA 4.0 (under the MaxMind GeoLite2 End User License Agreement)',
      url: 'https://www.maxmind.com',
      note: 'This product includes GeoLite2 Data created by MaxMind, available from https://www.maxmind.com. We use it offline on our own server to estimate your country from your IP address, so that prices can be shown in your local currency. Distributed via the @ip-location-db/geolite2-country-mmdb package (https://github.com/sapics/ip-location-db).',
    },
    {
      title: 'eSpeak NG',
      author: 'Jonathan Duddington, Reece H. Dunn and the eSpeak NG contributors; WebAssembly build by the Echogarden project',
      licence: 'GPL-3.0-or-later',
      url: 'https://github.com/espeak-ng/espeak-ng',
      note: 'The speech synthesiser that speaks our lessons, vocabulary and podcast episodes (a synthetic voice). We run it as a separate program when the audio is prepared; it is not part of the website\'s code. Package: https://www.npmjs.com/package/@echogarden/espeak-ng-emscripten',
    },
    {
      title: 'FFmpeg',
      author: 'The FFmpeg developers (static build by John Van Sickle, packaged by @ffmpeg-installer)',
      licence: 'GPL-3.0 (this build includes GPL components; FFmpeg itself is LGPL-2.1-or-later)',
      url: 'https://ffmpeg.org',
      note: 'Encodes the audio files (MP3 with the LAME encoder), joins sentences into lesson tracks and finds the pauses in recordings. We run it as a separate program when the audio is prepared; it is not part of the website\'s code.',
    },
    {
      title: 'Illustrations',
      author: 'Polski Stories',
      licence: 'All rights reserved',
      note: 'The illustrations on this website, including the podcast cover, are the project\'s own work.',
    },
    {
      title: 'Emoji',
      author: 'The emoji font of your operating system or browser',
      licence: 'Licensed by the font vendor to you',
      note: 'We do not host emoji images. Emoji characters in our lessons are rendered by your device\'s own system font (for example Apple Color Emoji, Noto Color Emoji or Segoe UI Emoji), so they may look different on different devices.',
    },
  ],
  closing: [
    'Material used under a Creative Commons ShareAlike licence remains under that licence, and any adaptations we make of it are shared under the same terms. Software and data licences are available at the addresses listed above.',
    'If you believe we have missed a credit or credited something incorrectly, please tell us at contact@polskistories.com and we will fix it promptly.',
  ],
};
