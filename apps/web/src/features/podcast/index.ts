export { getEpisodesQueryOptions, useEpisodes } from './api/get-episodes';
export { getEpisodeQueryOptions, useEpisode } from './api/get-episode';
export { EpisodeList, FeedLink } from './components/episode-list';
export { EpisodeView } from './components/episode-view';
