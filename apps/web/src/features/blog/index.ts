export { getPostsQueryOptions, usePosts } from './api/get-posts';
export { getPostQueryOptions, usePost } from './api/get-post';
export { BlogFeedLink, PostList } from './components/post-list';
export { PostView } from './components/post-view';
