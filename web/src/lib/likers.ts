/** The catalogue key naming a liker's part: holders are marked Contest Holder, everyone else Designer (spec, section 2). */
export function likerRoleKey(role: string): 'likers.holder' | 'likers.designer' {
  return role === 'Contest Holder' ? 'likers.holder' : 'likers.designer';
}
