/**
 * The benchmark's municipality (issue 11): 100,000 people, 50 schools,
 * 5,000 groups, 100,000 posts, 2,000 tools, 10,000 favourites and 500
 * courses, added beside the demo municipality the server seeds at its first
 * start. Everything follows from the row numbers (no random values), so every
 * run measures the same data. Plain SQL, so it runs through any client
 * (PGlite or pg); a minute or two on this machine.
 *
 * The shape, per school: 1,600 pupils in 64 classes of 25 and 35 teaching
 * groups (each pupil in one class and two teaching groups), 100 teachers
 * (each in two classes and three teaching groups), 280 guardians of pupils;
 * 1,000 employees in the administration. `bench.larare` and `bench.elev` are
 * the first teacher and the first pupil of the first school; every bench
 * account signs in with the demo password.
 */
export const benchUser = 'bench.larare';
export const benchPupil = 'bench.elev';
export const benchPostCount = Number(process.env.BENCH_POSTS ?? 100_000);
export const benchShape = {
  users: 100_000,
  schools: 50,
  groups: 5_000,
  posts: benchPostCount,
  tools: 2_000,
  favourites: 10_000,
  courses: 500,
} as const;

const schools = 50;
const classesPerSchool = 64;
const teachingGroupsPerSchool = 35;
const pupils = 80_000;
const guardians = 14_000;
const teachers = 5_000;
const employees = 1_000;

export type Execute = (sql: string) => Promise<unknown>;

const firstNames = `array['Alva','Elias','Maja','Noah','Ebba','Hugo','Astrid','William','Saga','Liam','Vera','Oscar','Alice','Lucas','Elsa','Adam','Wilma','Nils','Stella','Axel','Selma','Olle','Ines','Leo']`;
const lastNames = `array['Andersson','Johansson','Karlsson','Nilsson','Eriksson','Larsson','Olsson','Persson','Svensson','Gustafsson','Pettersson','Jonsson','Jansson','Hansson','Bengtsson','Lindberg','Jakobsson','Magnusson','Lindström','Lindqvist']`;
const topics = `array['Friluftsdag','Föräldramöte','Utvecklingssamtal','Studiedag','Skolavslutning','Luciafirande','Simskola','Biblioteksbesök','Matsedel','Idrottsdag','Teaterbesök','Nationella prov','Skolfoto','Elevrådet','Läxhjälp','Skolskjuts','Vaccination','Temadag','Öppet hus','Lovaktiviteter']`;

export async function seedMunicipality(execute: Execute, posts = benchPostCount) {
  await seedGroups(execute);
  await seedPeople(execute);
  await seedPosts(execute, posts);
  await seedCourses(execute);
  await seedTools(execute);
  await execute(`vacuum analyze`);
}

async function seedGroups(execute: Execute) {
  await execute(`
    insert into nodes (name, type, parent_id, category_id, external_id)
    select 'Bänkskola ' || s, 'Skolenhet', 1, 1, 'bench-school-' || s
    from generate_series(1, ${schools}) s`);
  await execute(`
    insert into nodes (name, type, parent_id, category_id, external_id, main)
    select 'Klass ' || s || '-' || c, 'Klass', p.id, 1, 'bench-class-' || s || '-' || c, true
    from generate_series(1, ${schools}) s
    cross join generate_series(1, ${classesPerSchool}) c
    join nodes p on p.external_id = 'bench-school-' || s`);
  await execute(`
    insert into nodes (name, type, parent_id, category_id, external_id)
    select 'Undervisningsgrupp ' || s || '-' || g, 'Undervisning', p.id, 1, 'bench-group-' || s || '-' || g
    from generate_series(1, ${schools}) s
    cross join generate_series(1, ${teachingGroupsPerSchool}) g
    join nodes p on p.external_id = 'bench-school-' || s`);
  await execute(`
    create temporary table bench_groups as
    select row_number() over (order by id) - 1 as n, id from nodes where external_id like 'bench-%'`);
}

/** Who is who: kind, number within the kind, school (0 for the administration) and login name. */
async function seedPeople(execute: Execute) {
  await execute(`
    create temporary table bench_people as
    select 'pupil' as kind, i as n, (i - 1) % ${schools} + 1 as school,
           case when i = 1 then '${benchPupil}' else 'bench.elev' || i end as username
    from generate_series(1, ${pupils}) i
    union all
    select 'guardian', i, 0, 'bench.vh' || i from generate_series(1, ${guardians}) i
    union all
    select 'teacher', i, (i - 1) % ${schools} + 1,
           case when i = 1 then '${benchUser}' else 'bench.larare' || i end
    from generate_series(1, ${teachers}) i
    union all
    select 'employee', i, 0, 'bench.personal' || i from generate_series(1, ${employees}) i`);
  await execute(`
    insert into users (uid, username, password_hash, first_name, last_name, email, external_id)
    select p.username, p.username, demo.password_hash,
           (${firstNames})[1 + p.n % 24], (${lastNames})[1 + (p.n / 24) % 20],
           case when p.kind in ('teacher', 'employee') then p.username || '@exempelby.se' end,
           'bench-' || p.username
    from bench_people p, (select password_hash from users where username = 'anna.larsson') demo`);
  await execute(`
    insert into user_roles (user_id, role_id)
    select u.id, r.id from bench_people p
    join users u on u.username = p.username
    join roles r on r.key = case p.kind when 'pupil' then 'role_student' when 'guardian' then 'role_caretaker'
                                        when 'teacher' then 'role_teacher' else 'role_employee' end`);
  // Pupils: school, class, two teaching groups. Teachers: school, two classes, three teaching groups.
  await execute(`
    create temporary table bench_memberships as
    select p.username, 'bench-school-' || p.school as group_key from bench_people p where p.school > 0
    union all
    select p.username, 'bench-class-' || p.school || '-' || ((p.n - 1) / ${schools} % ${classesPerSchool} + 1)
    from bench_people p where p.kind in ('pupil', 'teacher')
    union all
    select p.username, 'bench-class-' || p.school || '-' || ((p.n - 1) / ${schools} % ${classesPerSchool} + 33) % ${classesPerSchool} + 1
    from bench_people p where p.kind = 'teacher'
    union all
    select p.username, 'bench-group-' || p.school || '-' || ((p.n - 1) / ${schools} + k * 11) % ${teachingGroupsPerSchool} + 1
    from bench_people p cross join generate_series(0, 2) k
    where (p.kind = 'pupil' and k < 2) or p.kind = 'teacher'`);
  await execute(`
    insert into user_nodes (user_id, node_id)
    select distinct u.id, n.id from bench_memberships m
    join users u on u.username = m.username
    join nodes n on n.external_id = m.group_key`);
  await execute(`
    insert into user_nodes (user_id, node_id)
    select u.id, 2 from bench_people p join users u on u.username = p.username where p.kind = 'employee'`);
  // Each guardian has a child: every fifth pupil up to 70,000.
  await execute(`
    insert into account_links (user_id, related_user_id, relation)
    select g.id, c.id, 'child' from generate_series(1, ${guardians}) i
    join users g on g.username = 'bench.vh' || i
    join users c on c.username = case when i * 5 = 1 then '${benchPupil}' else 'bench.elev' || (i * 5) end`);
  // Two favourites for every teacher.
  await execute(`
    insert into favorites (user_id, name, url, sort)
    select u.id, (array['Lärportalen','Skolverket','Schemat','Klasslistan'])[1 + (p.n + k) % 4] || ' ' || k,
           'https://exempelby.se/favorit/' || p.n || '/' || k, k
    from bench_people p join users u on u.username = p.username
    cross join generate_series(1, 2) k
    where p.kind = 'teacher'`);
}

/**
 * Posts aimed at one group each (1 % at the whole municipality), two of the
 * four role categories each, news mostly, a twentieth drafts and a twentieth
 * planned.
 */
async function seedPosts(execute: Execute, count: number) {
  const author = `(select id from users where username = 'sara.ekstrom')`;
  await execute(`
    insert into posts (type, title, excerpt, content, slug, status, "order", sort_order, sort_at,
                       published_date, author_id, search_text, page_placement)
    select
      (array['news','news','news','news','news','news','info','pinned-news','page','givetake'])[1 + (i / 200) % 10],
      (${topics})[1 + i % 20] || ' – nyhet ' || i,
      'Sammanfattning av nyhet ' || i || ' om skolans verksamhet och elevernas vardag.',
      '[{"id":"b","type":"html","version":1,"props":{"html":"<p>Text</p>"},"children":[]}]'::jsonb,
      'bank-' || i,
      case when (i / 200) % 20 = 0 then 'draft' when (i / 200) % 20 = 1 then 'future' else 'publish' end,
      case when i % 500 = 0 then -1 else 0 end,
      case when i % 500 = 0 then -1 else 0 end,
      now() - make_interval(mins => i),
      case when (i / 200) % 20 = 1 then now() + interval '30 days' else now() - make_interval(mins => i) end,
      ${author},
      'Text om ' || lower((${topics})[1 + i % 20]),
      'none'
    from generate_series(1, ${count}) i`);
  await execute(`
    create temporary table bench_posts as
    select id, row_number() over (order by id) as i from posts where slug like 'bank-%'`);
  await execute(`
    insert into post_nodes (post_id, node_id)
    select p.id, case when (p.i / 200) % 100 = 7 then 1 else g.id end
    from bench_posts p join bench_groups g on g.n = (p.i * 7919) % ${schools * (1 + classesPerSchool + teachingGroupsPerSchool)}`);
  await execute(`
    insert into post_categories (post_id, category_id)
    select p.id, c from bench_posts p
    cross join lateral (values (3 + (p.i / 200) % 4), (3 + (p.i / 200 + 1) % 4)) as cats(c)`);
  await refreshBenchFeed(execute, 'bank-%');
}

/** The readers' feed table, as the server's refreshFeed writes it. */
async function refreshBenchFeed(execute: Execute, slugs: string) {
  await execute(`
    insert into post_feed (post_id, node_id, category_id, type, sort_order, sort_at, published_at)
    select p.id, pn.node_id, pc.category_id, p.type, p.sort_order, p.sort_at,
           coalesce(p.published_date, p.created_at)
    from posts p
    join post_nodes pn on pn.post_id = p.id
    join post_categories pc on pc.post_id = p.id
    where p.slug like '${slugs}' and p.status = 'publish'`);
}

/** 500 courses for teachers and staff over the coming year, ten booked on each. */
async function seedCourses(execute: Execute) {
  const author = `(select id from users where username = 'lars.berglund')`;
  await execute(`
    insert into posts (type, title, excerpt, content, slug, status, sort_at, published_date,
                       author_id, search_text, course_date, course)
    select 'course', 'Kurs ' || i || ': ' || (${topics})[1 + i % 20],
           'Fortbildning för lärare och personal, tillfälle ' || i || '.',
           '[]'::jsonb, 'bank-kurs-' || i, 'publish', now() - make_interval(hours => i),
           now() - make_interval(hours => i), ${author}, 'Fortbildning',
           (now() + make_interval(days => i % 300 + 1))::date,
           jsonb_build_object(
             'place', 'Bänkskola ' || (i % ${schools} + 1) || ', aulan',
             'startDate', to_char((now() + make_interval(days => i % 300 + 1))::date + time '12:00', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             'endDate', to_char((now() + make_interval(days => i % 300 + 1))::date + time '15:00', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             'bookable', true,
             'numberOfAttendees', 30,
             'attendeeInformation', '[]'::jsonb)
    from generate_series(1, 500) i`);
  await execute(`
    insert into post_nodes (post_id, node_id) select id, 1 from posts where slug like 'bank-kurs-%'`);
  await execute(`
    insert into post_categories (post_id, category_id)
    select id, c from posts cross join (values (3), (6)) as cats(c) where slug like 'bank-kurs-%'`);
  await execute(`
    insert into course_attendees (post_id, user_id, status)
    select p.id, u.id, 'approved'
    from posts p cross join generate_series(1, 10) k
    join users u on u.username = 'bench.larare' || (2 + (p.id * 10 + k) % ${teachers - 1})
    where p.slug like 'bank-kurs-%'
    on conflict do nothing`);
  await refreshBenchFeed(execute, 'bank-kurs-%');
}

/** 2,000 tools: 40 for the whole municipality, the rest about 39 a school. */
async function seedTools(execute: Execute) {
  await execute(`
    insert into links (name, short_description, long_description, url, type, link_sort, optional)
    select 'Verktyg ' || i, 'Ett verktyg för ' || lower((${topics})[1 + i % 20]),
           'Längre beskrivning av verktyg ' || i || '.', 'https://verktyg' || i || '.exempelby.se',
           'tool', i % 7, i % 20 = 0
    from generate_series(1, 2000) i`);
  await execute(`
    create temporary table bench_links as
    select id, row_number() over (order by id) as i from links where url like 'https://verktyg%.exempelby.se'`);
  await execute(`
    insert into link_nodes (link_id, node_id)
    select l.id, case when l.i <= 40 then 1 else n.id end
    from bench_links l left join nodes n on n.external_id = 'bench-school-' || (l.i % ${schools} + 1)`);
  await execute(`
    insert into link_categories (link_id, category_id)
    select l.id, c from bench_links l
    cross join (values (3), (4), (5), (6)) as cats(c)
    where (l.i % 3 = 0 and c = 3) or (l.i % 3 = 1 and c in (3, 4)) or l.i % 3 = 2`);
}
