// Contests the journeys start from, set up over REST as the demo accounts.

/** A running logo contest of demo-client, set up over REST (launch, then an admin starts it). */
export async function runningContest({ api, token }) {
  const client = await token('demo-client');
  const { data: questions } = await api('GET', '/contests/types/1/questions');
  const answers = questions
    .filter((question) => question.is_required === 1 || question.form_field_type_id === 8)
    .map((question) => {
      if (question.options.length > 0) return { id: question.id, answer_options: [question.options[0].id] };
      const text = question.is_title === 1 ? 'Harbor Coffee Roasters' : 'A small-batch coffee roaster by the sea.';
      return { id: question.id, answer: /height|width/i.test(question.title) ? '500' : text };
    });
  const { data: contest } = await api('POST', '/contests', {
    token: client,
    body: { contest_type_id: 1, contest_type_questions: answers, agree_terms: 1 },
  });
  // The cheapest package: the contest has a prize, as a paid one has.
  const { data: pricings } = await api('GET', '/contests/types/1/pricings');
  await api('PUT', `/contests/${contest.id}/options`, {
    token: client,
    body: { contest_type_pricing_id: pricings[0].id, upgrade_ids: [] },
  });
  const admin = await token('demo-admin');
  await api('PUT', `/contests/${contest.id}/statuses`, { token: admin, body: { status_id: 2 } });
  return contest.id;
}
