import { API_CONTRACT, API_PREFIX } from '@polski/contracts';
import type { TClock } from '../../lib/clock';
import { contractRouter } from '../../middleware/contract-router';
import type { LearningService } from './learning.service';

const c = API_CONTRACT.learning;

/** /api/learning/... (libs/contracts learning.contract.ts; docs/api.md, "Learning"). Every route is the learner's own. */
export function learningRouter(
  learning: LearningService,
  options: { clock: TClock; checkAnswers?: boolean },
) {
  const r = contractRouter({ mountedAt: API_PREFIX, ...options });

  r.add(c.savedWords, async (req, res) => {
    res.reply(200, await learning.savedWords(req.user.id, req.user.nativeLanguage));
  });

  r.add(c.saveWord, async (req, res) => {
    const { created, word } = await learning.saveWord(req.user, req.body);
    res.reply(created ? 201 : 200, word);
  });

  r.add(c.unsaveWord, async (req, res) => {
    res.reply(200, await learning.unsaveWord(req.user.id, req.params.id));
  });

  r.add(c.setStatus, async (req, res) => {
    res.reply(200, await learning.setStatus(req.user.id, req.body));
  });

  r.add(c.markKnown, async (req, res) => {
    res.reply(200, await learning.markKnown(req.user.id, req.body.lemmas));
  });

  r.add(c.lessonStatuses, async (req, res) => {
    res.reply(200, await learning.lessonStatuses(req.user.id, req.params.hub, req.params.slug));
  });

  r.add(c.reviewQueue, async (req, res) => {
    res.reply(200, await learning.queue(req.user.id, undefined, undefined, req.user.nativeLanguage));
  });

  r.add(c.answer, async (req, res) => {
    res.reply(200, await learning.answer(req.user.id, req.body, req.user.nativeLanguage));
  });

  r.add(c.undo, async (req, res) => {
    res.reply(200, await learning.undo(req.user.id, req.user.nativeLanguage));
  });

  r.add(c.summary, async (req, res) => {
    res.reply(200, await learning.summary(req.user));
  });

  r.add(c.settings, async (req, res) => {
    res.reply(200, await learning.settings(req.user.id));
  });

  r.add(c.updateSettings, async (req, res) => {
    res.reply(200, await learning.updateSettings(req.user.id, req.body));
  });

  r.add(c.exportWords, async (req, res) => {
    const { format } = req.query;
    const body = await learning.exportWords(req.user.id, format, req.user.nativeLanguage);
    const [type, ext] = format === 'csv' ? ['text/csv', 'csv'] : ['text/tab-separated-values', 'txt'];
    res.setHeader('Content-Disposition', `attachment; filename="polski-words.${ext}"`);
    res.type(`${type}; charset=utf-8`).send(body);
  });

  r.add(c.importKnown, async (req, res) => {
    res.reply(200, await learning.importKnown(req.user.id, req.body.text));
  });

  return r;
}
