/**
 * The posts benchmark's data: 200 groups (20 school units with 9 classes
 * each), 100,000 posts each aimed at one group (1 % at the whole
 * municipality) and two of the four role categories (varied within a group:
 * the group follows i mod 200, everything else i / 200), and a teacher in five of the groups
 * who signs in with the demo password. Plain SQL, so it runs through any
 * client (PGlite or pg) straight after the server has migrated and seeded the
 * demo municipality.
 */
export const benchUser = 'bench.larare';
export const benchPostCount = Number(process.env.BENCH_POSTS ?? 100_000);

export type Execute = (sql: string) => Promise<unknown>;

export async function seedBenchPosts(execute: Execute) {
  await execute(`
    insert into nodes (name, type, parent_id, category_id, external_id)
    select 'Bänkskola ' || s, 'Skolenhet', 1, 1, 'bench-school-' || s from generate_series(1, 20) s`);
  await execute(`
    insert into nodes (name, type, parent_id, category_id, external_id)
    select 'Klass ' || s || '-' || c, 'Klass', p.id, 1, 'bench-class-' || s || '-' || c
    from generate_series(1, 20) s
    cross join generate_series(1, 9) c
    join nodes p on p.external_id = 'bench-school-' || s`);
  await execute(`
    create temporary table bench_groups as
    select row_number() over (order by id) - 1 as n, id from nodes where external_id like 'bench-%'`);

  // The teacher: school 1 and four of its classes.
  await execute(`
    insert into users (uid, username, password_hash, first_name, last_name, email, external_id)
    select '${benchUser}', '${benchUser}', password_hash, 'Bänk', 'Lärare', 'bench@exempelby.se', 'bench-user'
    from users where username = 'anna.larsson'`);
  await execute(`
    insert into user_roles (user_id, role_id)
    select u.id, r.id from users u, roles r where u.username = '${benchUser}' and r.key = 'role_teacher'`);
  await execute(`
    insert into user_nodes (user_id, node_id)
    select u.id, n.id from users u, nodes n
    where u.username = '${benchUser}'
      and n.external_id in ('bench-school-1', 'bench-class-1-1', 'bench-class-1-2', 'bench-class-1-3', 'bench-class-1-4')`);

  const author = `(select id from users where username = 'sara.ekstrom')`;
  await execute(`
    insert into posts (type, title, excerpt, content, slug, status, "order", sort_order, sort_at,
                       published_date, author_id, search_text, page_placement)
    select
      (array['news','news','news','news','news','news','info','pinned-news','page','givetake'])[1 + (i / 200) % 10],
      'Bänknyhet nummer ' || i,
      'Sammanfattning av nyhet ' || i || ' om skolans verksamhet och elevernas vardag.',
      '[{"id":"b","type":"html","version":1,"props":{"html":"<p>Text</p>"},"children":[]}]'::jsonb,
      'bank-' || i,
      case when (i / 200) % 20 = 0 then 'draft' when (i / 200) % 20 = 1 then 'future' else 'publish' end,
      case when i % 500 = 0 then -1 else 0 end,
      case when i % 500 = 0 then -1 else 0 end,
      now() - make_interval(mins => i),
      case when (i / 200) % 20 = 1 then now() + interval '30 days' else now() - make_interval(mins => i) end,
      ${author},
      'Text',
      'none'
    from generate_series(1, ${benchPostCount}) i`);
  await execute(`
    create temporary table bench_posts as
    select id, row_number() over (order by id) as i from posts where slug like 'bank-%'`);
  await execute(`
    insert into post_nodes (post_id, node_id)
    select p.id, case when (p.i / 200) % 100 = 7 then 1 else g.id end
    from bench_posts p join bench_groups g on g.n = (p.i * 7919) % 200`);
  await execute(`
    insert into post_categories (post_id, category_id)
    select p.id, c from bench_posts p
    cross join lateral (values (3 + (p.i / 200) % 4), (3 + (p.i / 200 + 1) % 4)) as cats(c)`);
  // The readers' feed table, as the server's refreshFeed writes it.
  await execute(`
    insert into post_feed (post_id, node_id, category_id, type, sort_order, sort_at, published_at)
    select p.id, pn.node_id, pc.category_id, p.type, p.sort_order, p.sort_at,
           coalesce(p.published_date, p.created_at)
    from posts p
    join post_nodes pn on pn.post_id = p.id
    join post_categories pc on pc.post_id = p.id
    where p.slug like 'bank-%' and p.status = 'publish'`);
  await execute(`vacuum analyze`);
}
