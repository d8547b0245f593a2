//! Temporary probe (to be deleted).
#![allow(missing_docs)]
use endodoi::rules::{Game, Hole, Position, Side, Variant};

fn solve(game: &mut Game) -> i32 {
    if let Some(o) = game.outcome() {
        let side = game.position().to_move();
        let t = o.totals(); let c = game.position().captured();
        return (i32::from(t[side]) - i32::from(c[side])) - (i32::from(t[side.opponent()]) - i32::from(c[side.opponent()]));
    }
    let moves: Vec<Hole> = game.legal_moves().collect();
    let side = game.position().to_move();
    let mut best = i32::MIN;
    for h in moves {
        let before = game.position().captured()[side];
        game.play(h).unwrap();
        let cap = i32::from(game.position().captured()[side]) - i32::from(before);
        let v = cap - solve(game);
        game.undo();
        best = best.max(v);
    }
    best
}

fn main() {
    let mut rng = fastrand::Rng::with_seed(5);
    for _ in 0..200000 {
        let mut south = [0u8; 6]; let mut north = [0u8; 6];
        for _ in 0..rng.usize(5..9) { south[rng.usize(..6)] += 1; }
        for _ in 0..rng.usize(5..9) { north[rng.usize(..6)] += 1; }
        let pos = Position::from_rows(&south, &north, Side::South).unwrap();
        let game = Game::from_position(Variant::Classic, pos, 4);
        let moves: Vec<Hole> = game.legal_moves().collect();
        if moves.len() < 3 { continue; }
        // greedy
        let caps: Vec<u8> = moves.iter().map(|&h| game.preview(h).unwrap().capture.map_or(0, |c| c.seeds)).collect();
        let gi = (0..moves.len()).max_by_key(|&i| (caps[i], std::cmp::Reverse(i))).unwrap();
        if caps[gi] == 0 { continue; }
        let mut vals = vec![];
        for (i, &h) in moves.iter().enumerate() {
            let mut g = game.clone(); g.play(h).unwrap();
            vals.push(i32::from(caps[i]) - solve(&mut g));
        }
        let best = *vals.iter().max().unwrap();
        let winners: Vec<usize> = (0..moves.len()).filter(|&i| vals[i] == best).collect();
        // total margin = vals (nothing captured yet)
        if winners.len() == 1 && best > 0 && vals[gi] < 0 && caps[winners[0]] == 0 {
            println!("{south:?} {north:?} best {} ({best}) greedy {} ({}) vals {vals:?} moves {:?}", moves[winners[0]], moves[gi], vals[gi], moves.iter().map(|h| h.to_string()).collect::<Vec<_>>());
            break;
        }
    }
}
