fn main() {
    let v: Vec<i32> = vec![1, 2];
    println!("{:?}", v);
}
